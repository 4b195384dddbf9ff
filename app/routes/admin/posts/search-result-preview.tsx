import { useRouteLoaderData } from "react-router";

/**
 * How the post may look in a search result: the title (cut where search engines cut it), the
 * address and the description, so the owner sees a meta title or description that is too long.
 */
export function SearchResultPreview({
  title,
  path,
  description,
}: {
  title: string;
  path: string;
  description: string;
}) {
  const root = useRouteLoaderData("root") as { siteUrl?: string } | undefined;
  const host = new URL(root?.siteUrl ?? "http://localhost:3000").host;
  const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
  return (
    <figure className="rounded-lg border border-stone-200 bg-white p-4">
      <figcaption className="text-xs font-bold tracking-wide text-muted uppercase">Search result preview</figcaption>
      {/* the way results show an address: host › section › page */}
      <p className="mt-2 truncate text-sm text-stone-600">{[host, ...path.split("/").filter(Boolean)].join(" › ")}</p>
      <p className="mt-1 text-lg leading-snug text-[#1a0dab]">{cut(`${title} | Pawsome Picks`, 60)}</p>
      <p className="mt-1 text-sm text-stone-700">
        {description ? cut(description, 155) : "Add an excerpt or a meta description."}
      </p>
    </figure>
  );
}
