import type { ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { SITE } from "#app/lib/site.ts";
import { useContactEmail } from "#app/lib/use-contact-email.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import { formatLegalDate, isoDay } from "#domain/dates.ts";
import { JsonLd } from "./json-ld";

export interface TocEntry {
  id: string;
  title: string;
}

interface LegalPageProps {
  /** the h1 */
  title: string;
  /** the last breadcrumb label and the JSON-LD page name */
  name: string;
  /** canonical path, e.g. "/privacy" */
  path: string;
  description: string;
  schemaType?: "WebPage" | "AboutPage";
  /** legal pages show the "Last Updated" date; the About page does not */
  showLastUpdated?: boolean;
  intro?: ReactNode;
  toc?: readonly TocEntry[];
  children: ReactNode;
  /** rendered below the prose, outside its link styling (e.g. call-to-action buttons) */
  after?: ReactNode;
}

/** Long-form layout shared by the legal pages and the About page: breadcrumb, heading, date, prose, JSON-LD. */
export function LegalPage({
  title,
  name,
  path,
  description,
  schemaType = "WebPage",
  showLastUpdated = true,
  intro,
  toc,
  children,
  after,
}: LegalPageProps) {
  const siteUrl = useRouteLoaderData<typeof rootLoader>("root")?.siteUrl ?? "http://localhost:3000";
  const home = new URL("/", siteUrl).toString();
  const url = new URL(path, siteUrl).toString();
  const structuredData = {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": schemaType,
        "@id": `${url}#webpage`,
        name,
        url,
        description,
        inLanguage: "en",
        ...(showLastUpdated ? { dateModified: isoDay(SITE.legalLastUpdatedDate) } : {}),
        isPartOf: { "@type": "WebSite", name: SITE.name, url: home },
        breadcrumb: { "@id": `${url}#breadcrumb` },
      },
      {
        "@type": "BreadcrumbList",
        "@id": `${url}#breadcrumb`,
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Home", item: home },
          { "@type": "ListItem", position: 2, name, item: url },
        ],
      },
    ],
  };

  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <JsonLd data={structuredData} />
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <ol className="flex flex-wrap items-center gap-x-2">
          <li>
            <Link to="/" className="underline underline-offset-2 hover:text-primary">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="font-semibold text-ink">
            {name}
          </li>
        </ol>
      </nav>

      <header className="mt-6 border-b border-stone-200 pb-6">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{title}</h1>
        {showLastUpdated ? (
          <p className="mt-3 text-sm font-semibold text-muted">{`Last Updated: ${formatLegalDate(SITE.legalLastUpdatedDate)}`}</p>
        ) : null}
        {intro ? <div className="mt-4 text-lg leading-8 text-muted">{intro}</div> : null}
      </header>

      {toc && toc.length > 0 ? (
        <nav aria-labelledby="toc-title" className="mt-8 rounded-xl border border-stone-200 bg-white p-5">
          <p id="toc-title" className="text-sm font-bold tracking-wide text-ink uppercase">
            On this page
          </p>
          <ol className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-2">
            {toc.map((entry) => (
              <li key={entry.id}>
                <a
                  href={`#${entry.id}`}
                  className="inline-block py-1 text-primary underline-offset-2 hover:underline focus-visible:underline"
                >
                  {entry.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}

      <div className="mt-8 space-y-5 text-base leading-7 text-ink sm:text-[1.0625rem] sm:leading-8 [&_a]:font-semibold [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-primary-hover [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_strong]:font-bold">
        {children}
      </div>
      {after}
    </article>
  );
}

/** One titled section of a long-form page; the id makes it linkable from a table of contents. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="pt-4">
      <h2 id={id} className="scroll-mt-24 text-xl font-extrabold tracking-tight text-ink sm:text-2xl">
        {title}
      </h2>
      <div className="mt-3 space-y-4">{children}</div>
    </section>
  );
}

/** The site's configured contact address as a mailto link, so every page names the same inbox. */
export function SupportEmailLink() {
  const email = useContactEmail();
  return <a href={`mailto:${email}`}>{email}</a>;
}
