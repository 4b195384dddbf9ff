import type { MetaDescriptor } from "react-router";
import { DEFAULT_SOCIAL_IMAGE, SOCIAL_IMAGE } from "#domain/social-images.ts";
import { SITE } from "./site";

export interface SeoInput {
  /** the full <title> */
  title: string;
  description: string;
  /** path of the canonical URL, e.g. "/products" */
  path: string;
  siteUrl: string;
  /** the page's social card (socialImagePath) and what it shows; the site's own card when absent */
  image?: { path: string; alt: string } | null;
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
  const card = image ?? DEFAULT_SOCIAL_IMAGE;
  const imageUrl = new URL(card.path, siteUrl).toString();
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
    // every card is the same size, so a network can lay out the preview before it fetches the image
    { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    { property: "og:image:alt", content: card.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: card.alt },
  ];
  if (keywords) tags.push({ name: "keywords", content: keywords });
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The site's public origin, from the root loader (set by SITE_URL on the server). */
export function siteUrlFrom(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "http://localhost:3000";
}
