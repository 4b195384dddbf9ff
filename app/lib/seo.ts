import type { MetaDescriptor } from "react-router";
import { SITE } from "./site";

export interface SeoInput {
  /** the full <title> */
  title: string;
  description: string;
  /** path of the canonical URL, e.g. "/products" */
  path: string;
  siteUrl: string;
  image?: string | null;
  type?: "website" | "article";
  keywords?: string;
  noindex?: boolean;
}

/** Title, description, canonical link, Open Graph and Twitter tags for one page. */
export function seoMeta({
  title,
  description,
  path,
  siteUrl,
  image,
  type = "website",
  keywords,
  noindex,
}: SeoInput): MetaDescriptor[] {
  const url = new URL(path, siteUrl).toString();
  const imageUrl = new URL(image || "/images/og-default.jpg", siteUrl).toString();
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE.name },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
  ];
  if (keywords) tags.push({ name: "keywords", content: keywords });
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The site's public origin, from the root loader (set by SITE_URL on the server). */
export function siteUrlFrom(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "http://localhost:3000";
}
