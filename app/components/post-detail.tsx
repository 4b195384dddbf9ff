import ArrowLeftNode from "lucide/dist/esm/icons/arrow-left.mjs";
import CalendarDaysNode from "lucide/dist/esm/icons/calendar-days.mjs";
import ChevronRightNode from "lucide/dist/esm/icons/chevron-right.mjs";
import ClockNode from "lucide/dist/esm/icons/clock.mjs";
import FileQuestionNode from "lucide/dist/esm/icons/file-question-mark.mjs";
import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import { type ReactNode, useEffect } from "react";
import { Link, type MetaDescriptor, useRouteLoaderData } from "react-router";
import { pageTitle } from "#app/lib/page-title.ts";
import { seoMeta } from "#app/lib/seo.ts";
import { SITE } from "#app/lib/site.ts";
import { useAwaited } from "#app/lib/use-awaited.ts";
import { formatLongDate } from "#domain/dates.ts";
import { POST_AUTHOR, postPath } from "#domain/post-links.ts";
import type { RenderedPost } from "#domain/posts.ts";
import { addsReviewedToyBoxes } from "#domain/product-boxes.ts";
import { socialImagePath } from "#domain/social-images.ts";
import { breadcrumbJsonLd, reviewJsonLd } from "#domain/structured-data.ts";
import { JsonLd } from "./json-ld";
import { PostBody } from "./post-body";
import { BuyBox } from "./product-box";
import { SmartImage } from "./smart-image";
import { buttonClass } from "./ui/button";
import { icon } from "./ui/icon";

const ArrowLeft = icon("arrow-left", ArrowLeftNode);
const CalendarDays = icon("calendar-days", CalendarDaysNode);
const ChevronRight = icon("chevron-right", ChevronRightNode);
const Clock = icon("clock", ClockNode);
const FileQuestion = icon("file-question", FileQuestionNode);
const LoaderCircle = icon("loader-circle", LoaderCircleNode);

/** Where a detail page sits: /reviews or /guides, with the words that change between them. */
export interface PostSection {
  /** "Reviews" or "Guides": breadcrumb and list name */
  name: string;
  /** "/reviews" or "/guides" */
  path: string;
  /** "review" or "guide", as in "Loading review" */
  noun: string;
}

export const REVIEWS_SECTION: PostSection = { name: "Reviews", path: "/reviews", noun: "review" };
export const GUIDES_SECTION: PostSection = { name: "Guides", path: "/guides", noun: "guide" };

/** "Review Not Found" / "Guide Not Found". */
function notFoundHeading(section: PostSection): string {
  return `${section.noun.charAt(0).toUpperCase()}${section.noun.slice(1)} Not Found`;
}

/**
 * The page metadata. `post` is the loaded post, null when there is none, or undefined while
 * the browser is still fetching it (client navigation); the page then sets its own title.
 */
export function postDetailMeta(
  post: RenderedPost | null | undefined,
  section: PostSection,
  siteUrl: string,
): MetaDescriptor[] {
  if (post === undefined) return [{ title: pageTitle(section.name) }];
  if (post === null) return [{ title: pageTitle(notFoundHeading(section)) }, { name: "robots", content: "noindex" }];
  return [
    ...seoMeta({
      title: pageTitle(post.metaTitle || post.title),
      description: post.metaDescription || post.excerpt,
      path: postPath(post),
      siteUrl,
      // a raster card made from the post's image: SVG images are not shown by social networks
      image:
        post.socialImageUrl || post.imageUrl
          ? // the image's own alt text describes the card unless a separate social image was chosen
            { path: socialImagePath("posts", post.slug), alt: (!post.socialImageUrl && post.imageAlt) || post.title }
          : null,
      type: "article",
    }),
    { property: "article:published_time", content: post.publishedAt },
    { property: "article:modified_time", content: post.updatedAt },
  ];
}

/** The post out of loader data that may still be a promise (then: undefined). */
export function settledPost(data: { post: RenderedPost | null | Promise<RenderedPost | null> } | undefined) {
  if (!data || data.post instanceof Promise) return undefined;
  return data.post;
}

/**
 * Error answers must not sit in a CDN: a loader's own Cache-Control (set on failures)
 * wins over the public pages' caching header.
 */
export function postDetailHeaders({
  parentHeaders,
  loaderHeaders,
}: {
  parentHeaders: Headers;
  loaderHeaders: Headers;
}) {
  const headers = new Headers(parentHeaders);
  const own = loaderHeaders.get("Cache-Control");
  if (own) headers.set("Cache-Control", own);
  return headers;
}

// After a client navigation the meta function only saw a pending promise.
function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

function useSiteUrl(): string {
  const root = useRouteLoaderData("root") as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "http://localhost:3000";
}

/**
 * Structured data: a review of a named toy as a Review of that Product (with the editor's
 * rating), any other post as an Article, plus the breadcrumb.
 */
function postJsonLd(post: RenderedPost, section: PostSection, siteUrl: string) {
  const url = new URL(postPath(post), siteUrl).toString();
  // a post without an image names none: a placeholder is no image of the article
  const own = post.imageUrl || post.socialImageUrl;
  const image = own ? new URL(own, siteUrl).toString() : null;
  const authorName = post.authorName || POST_AUTHOR.name;
  const author = { "@type": authorName === POST_AUTHOR.name ? "Organization" : "Person", name: authorName };
  const publisher = { "@type": "Organization", name: SITE.name, url: new URL("/", siteUrl).toString() };
  const main = post.reviewedToy
    ? reviewJsonLd(
        {
          title: post.title,
          url,
          image,
          excerpt: post.excerpt,
          publishedAt: post.publishedAt,
          updatedAt: post.updatedAt,
          author,
          publisher,
          rating: post.reviewRating,
        },
        post.reviewedToy,
        siteUrl,
      )
    : {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: post.title,
        mainEntityOfPage: url,
        url,
        ...(image ? { image } : {}),
        description: post.excerpt,
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        author,
        publisher,
      };
  const breadcrumb = breadcrumbJsonLd(
    [
      { name: "Home", path: "/" },
      { name: section.name, path: section.path },
      { name: post.title, path: postPath(post) },
    ],
    siteUrl,
  );
  return [main, breadcrumb];
}

const BACK_LINK =
  "inline-flex items-center gap-2 rounded-md font-bold text-primary underline-offset-4 hover:text-primary-hover hover:underline";

/** A loaded review or guide. */
export function PostArticle({
  post,
  section,
  badge,
  badgeClass,
}: {
  post: RenderedPost;
  section: PostSection;
  badge: string;
  badgeClass: string;
}) {
  const siteUrl = useSiteUrl();
  useDocumentTitle(pageTitle(post.metaTitle || post.title));
  const placement = `post:${post.slug}` as const;
  const updated = post.updatedAt.slice(0, 10) !== post.publishedAt.slice(0, 10) ? post.updatedAt : null;
  // the reviewed toy's box under the title and at the end, unless the body places it itself
  const autoBoxToy = addsReviewedToyBoxes(post.blocks, post.reviewedToy) ? post.reviewedToy : null;
  return (
    <article className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      {postJsonLd(post, section, siteUrl).map((item) => (
        <JsonLd key={String(item["@type"])} data={item} />
      ))}
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <ol className="flex min-w-0 items-center gap-1.5">
          <li className="shrink-0">
            <Link to="/" className="hover:text-primary hover:underline">
              Home
            </Link>
          </li>
          <li className="flex shrink-0 items-center gap-1.5">
            <ChevronRight aria-hidden="true" className="size-4" />
            <Link to={section.path} className="hover:text-primary hover:underline">
              {section.name}
            </Link>
          </li>
          <li className="flex min-w-0 items-center gap-1.5">
            <ChevronRight aria-hidden="true" className="size-4 shrink-0" />
            <span aria-current="page" className="truncate">
              {post.title}
            </span>
          </li>
        </ol>
      </nav>

      <header className="mt-6">
        <span className={`inline-block rounded-full px-3 py-1 text-sm font-bold ${badgeClass}`}>{badge}</span>
        <h1 className="mt-4 text-3xl font-extrabold leading-tight tracking-tight sm:text-4xl lg:text-5xl">
          {post.title}
        </h1>
        <p className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-2 text-muted">
          <span className="inline-flex items-center gap-2">
            <CalendarDays aria-hidden="true" className="size-5" />
            <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time>
          </span>
          {updated ? (
            <span>
              Updated <time dateTime={updated}>{formatLongDate(updated)}</time>
            </span>
          ) : null}
          <span className="inline-flex items-center gap-2">
            <Clock aria-hidden="true" className="size-5" />
            {`${post.readingTime} min read`}
          </span>
        </p>
      </header>

      {/* No image, no hero: a grey placeholder would only push the article down. One that fails
          to load still gives way to the placeholder (spec: storefront §2). */}
      {post.imageUrl ? (
        <SmartImage
          src={post.imageUrl}
          alt={post.imageAlt || post.title}
          fallbackAlt={`${post.title} (Placeholder Image)`}
          width={1200}
          height={630}
          // the article's column: max-w-4xl less its padding
          sizes="(min-width: 896px) 832px, 100vw"
          loading="eager"
          fetchPriority="high"
          decoding="async"
          className="mt-8 h-96 w-full rounded-2xl bg-stone-100 object-cover"
        />
      ) : null}

      {autoBoxToy ? <BuyBox toy={autoBoxToy} placement={placement} /> : null}

      <PostBody blocks={post.blocks} placement={placement} className="mt-10" />

      {autoBoxToy ? (
        <BuyBox toy={autoBoxToy} placement={placement} label={`Buy box: ${autoBoxToy.name} (end of ${section.noun})`} />
      ) : null}

      <footer className="mt-12 border-t border-stone-200 pt-8">
        <Link to={section.path} className={BACK_LINK}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          {`Back to ${section.name}`}
        </Link>
      </footer>
    </article>
  );
}

/** The detail page's answer to a missing post or a failed load. */
function PostNotFound({ section }: { section: PostSection }) {
  const heading = notFoundHeading(section);
  useDocumentTitle(pageTitle(heading));
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <FileQuestion aria-hidden="true" className="mx-auto size-14 text-primary" />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-4xl">{heading}</h1>
      <p className="mt-4 text-lg text-muted">
        {`We couldn't find the ${section.noun} you're looking for. It may have been moved or deleted.`}
      </p>
      <Link to={section.path} className={buttonClass("primary", "lg", "mt-8")}>
        <ArrowLeft aria-hidden="true" className="size-5" />
        {`Back to ${section.name}`}
      </Link>
    </section>
  );
}

/**
 * Loaded, not found, or (after a browser navigation, while the post is fetched) a
 * spinner. The server-rendered post shows at once: no Suspense boundary, see useAwaited.
 */
export function PostDetailState({
  post,
  section,
  children,
}: {
  post: RenderedPost | null | Promise<RenderedPost | null>;
  section: PostSection;
  children: (post: RenderedPost) => ReactNode;
}) {
  const loaded = useAwaited(post);
  if (!loaded.settled) return <PostLoading section={section} />;
  return loaded.value ? children(loaded.value) : <PostNotFound section={section} />;
}

/** The spinner while a client navigation fetches the post. */
function PostLoading({ section }: { section: PostSection }) {
  const label = `Loading ${section.noun}`;
  return (
    <div role="status" aria-label={label} className="flex min-h-[60vh] items-center justify-center px-4">
      <LoaderCircle aria-hidden="true" className="size-12 animate-spin text-primary" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
