import ArrowLeftNode from "lucide/dist/esm/icons/arrow-left.mjs";
import ChevronRightNode from "lucide/dist/esm/icons/chevron-right.mjs";
import PackageSearchNode from "lucide/dist/esm/icons/package-search.mjs";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { AffiliateLink } from "#app/components/affiliate-link.tsx";
import { JsonLd } from "#app/components/json-ld.tsx";
import { PostCard } from "#app/components/post-card.tsx";
import { PriceTag, PrimeBadge } from "#app/components/price-tag.tsx";
import { RatingStars } from "#app/components/rating-stars.tsx";
import { SmartImage } from "#app/components/smart-image.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon, maskIcon } from "#app/components/ui/icon.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { seoMeta, siteUrlFrom } from "#app/lib/seo.ts";
import { chewStyleOf, readableList, toyMaterial } from "#domain/product-boxes.ts";
import { SLUG_PATTERN } from "#domain/slug.ts";
import { socialImagePath } from "#domain/social-images.ts";
import { breadcrumbJsonLd, productJsonLd } from "#domain/structured-data.ts";
import type { Route } from "./+types/toy-detail";

const ArrowLeft = icon("arrow-left", ArrowLeftNode);
const Award = maskIcon("award");
const ChevronRight = icon("chevron-right", ChevronRightNode);
const ExternalLink = maskIcon("external-link");
const PackageSearch = icon("package-search", PackageSearchNode);

/** /toys/{slug}: the toy, 301 from an earlier slug, 404 for none. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const slug = params.slug;
  const found = SLUG_PATTERN.test(slug) ? await app.services.productPages.toyPage(slug) : null;
  if (found && "movedTo" in found) throw redirect(`/toys/${found.movedTo}`, 301);
  if (!found) throw data("Toy not found", { status: 404 });
  return { page: found, siteUrl: app.siteUrl };
}

export const meta: Route.MetaFunction = ({ loaderData: loaded, matches, error }) => {
  if (error || !loaded) return [{ title: pageTitle("Toy Not Found") }, { name: "robots", content: "noindex" }];
  const { toy } = loaded.page;
  return seoMeta({
    title: pageTitle(toy.name),
    description: toy.description,
    path: `/toys/${toy.slug}`,
    siteUrl: siteUrlFrom(matches),
    image: toy.imageUrl ? { path: socialImagePath("toys", toy.slug), alt: toy.imageAlt || toy.name } : null,
    type: "website",
  });
};

/** "Puppy, adult" style lists of the owner's comma-separated text, or a dash. */
function listOrDash(text: string | null): string {
  return readableList(text) ?? "—";
}

export default function ToyDetail({ loaderData }: Route.ComponentProps) {
  const { page, siteUrl } = loaderData;
  const { toy, breeds, posts } = page;
  const path = `/toys/${toy.slug}`;
  const specs: { label: string; value: string }[] = [
    { label: "Material", value: toyMaterial(toy.materialType) ?? "—" },
    { label: "Chew style", value: chewStyleOf(toy.materialType) ?? "—" },
    { label: "Age", value: listOrDash(toy.ageRecommendation) },
    { label: "Dog size", value: listOrDash(toy.suitableFor) },
  ];
  // A Product snippet needs an offer here (the page has no review of its own): without a price
  // that may be shown, the page claims no Product rather than an invalid one.
  const product = productJsonLd(toy, siteUrl);
  return (
    <article className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      {product.offers ? <JsonLd data={{ "@context": "https://schema.org", ...product }} /> : null}
      <JsonLd
        data={breadcrumbJsonLd(
          [
            { name: "Home", path: "/" },
            { name: "Products", path: "/products" },
            { name: toy.name, path },
          ],
          siteUrl,
        )}
      />
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <ol className="flex min-w-0 items-center gap-1.5">
          <li className="shrink-0">
            <Link to="/" className="hover:text-primary hover:underline">
              Home
            </Link>
          </li>
          <li className="flex shrink-0 items-center gap-1.5">
            <ChevronRight aria-hidden="true" className="size-4" />
            <Link to="/products" className="hover:text-primary hover:underline">
              Products
            </Link>
          </li>
          <li className="flex min-w-0 items-center gap-1.5">
            <ChevronRight aria-hidden="true" className="size-4 shrink-0" />
            <span aria-current="page" className="truncate">
              {toy.name}
            </span>
          </li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-8 md:grid-cols-2 md:items-start">
        <SmartImage
          src={toy.imageUrl}
          alt={toy.imageAlt || toy.name}
          width={800}
          height={600}
          // half of the max-w-6xl article from 768 px
          sizes="(min-width: 1152px) 528px, (min-width: 768px) 50vw, 100vw"
          loading="eager"
          fetchPriority="high"
          decoding="async"
          className="aspect-[4/3] w-full rounded-2xl bg-stone-100 object-cover"
        />
        <div>
          {toy.isTopPick ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-primary px-3 py-1 text-xs font-bold text-white">
              <Award className="size-3.5" />
              Top Pick
            </span>
          ) : null}
          <h1 className="mt-3 text-3xl font-extrabold leading-tight tracking-tight sm:text-4xl">{toy.name}</h1>
          <p className="mt-3 flex flex-wrap items-center gap-2 text-muted">
            <RatingStars rating={toy.rating} className="size-5" />
            <span>
              {toy.rating} out of 5{toy.reviewCount > 0 ? ` (${toy.reviewCount.toLocaleString("en-US")} ratings)` : ""}
            </span>
          </p>
          <p className="mt-4 flex flex-wrap items-center gap-3">
            <PriceTag toy={toy} className="text-3xl font-extrabold" />
            <PrimeBadge isPrimeEligible={toy.isPrimeEligible} />
          </p>
          {toy.inStock || toy.priceHidden ? null : (
            <p className="mt-2 text-sm text-muted">
              Out of stock at the retailer right now; the link shows when it is back.
            </p>
          )}
          <p className="mt-5 text-lg">{toy.description}</p>
          {toy.amazonUrl ? (
            <AffiliateLink toyId={toy.id} placement="toy-page" className={buttonClass("primary", "lg", "mt-6")}>
              View on Amazon
              <ExternalLink className="size-5" />
            </AffiliateLink>
          ) : null}
          {toy.categories.length > 0 ? (
            <ul className="mt-6 flex flex-wrap gap-2" aria-label="Categories">
              {toy.categories.map((category) => (
                <li key={category.id}>
                  <Link
                    to={`/products?category=${category.id}`}
                    className="inline-block rounded-full bg-primary-soft px-3 py-1 text-sm font-semibold text-primary-hover hover:underline"
                  >
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>

      <div className="mt-12 grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="toy-details-heading">
          <h2 id="toy-details-heading" className="text-2xl font-extrabold tracking-tight">
            Details
          </h2>
          <div className="mt-4 space-y-4 text-base leading-relaxed sm:text-lg">
            {toy.details
              .split(/\n{2,}/)
              .filter((paragraph) => paragraph.trim() !== "")
              .map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
          </div>
          {toy.features.length > 0 ? (
            <>
              <h3 className="mt-8 text-xl font-bold">Features</h3>
              <ul className="mt-3 list-disc space-y-1 pl-6 marker:text-primary">
                {toy.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <section aria-labelledby="toy-specs-heading" className="rounded-2xl border border-stone-200 bg-white p-6">
          <h2 id="toy-specs-heading" className="text-xl font-extrabold tracking-tight">
            At a glance
          </h2>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-3">
            {specs.map((spec) => (
              <div key={spec.label} className="contents">
                <dt className="font-bold">{spec.label}</dt>
                <dd className="text-muted">{spec.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>

      <section aria-labelledby="toy-breeds-heading" className="mt-12">
        <h2 id="toy-breeds-heading" className="text-2xl font-extrabold tracking-tight">
          Recommended for these breeds
        </h2>
        {breeds.length > 0 ? (
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {breeds.map((breed) => (
              <li key={breed.breedId} className="rounded-xl border border-stone-200 bg-white p-4">
                <Link to={`/breeds/${breed.slug}`} className="font-bold text-primary hover:underline">
                  {breed.name}
                </Link>
                {breed.note ? <p className="mt-1 text-muted">{breed.note}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-muted">
            Not recommended for a particular breed yet.{" "}
            <Link to="/breeds" className="font-semibold text-primary hover:underline">
              Browse toys by breed
            </Link>
            .
          </p>
        )}
      </section>

      {posts.length > 0 ? (
        <section aria-labelledby="toy-posts-heading" className="mt-12">
          <h2 id="toy-posts-heading" className="text-2xl font-extrabold tracking-tight">
            Reviews and guides about this toy
          </h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </div>
        </section>
      ) : null}
    </article>
  );
}

/** An unknown toy (or a failed load): said in the site's shell, with a way on. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <PackageSearch aria-hidden="true" className="mx-auto size-14 text-primary" />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-4xl">
        {notFound ? "Toy Not Found" : "Something went wrong"}
      </h1>
      <p className="mt-4 text-lg text-muted">
        {notFound
          ? "We couldn't find the toy you're looking for. It may have been moved or deleted."
          : "This toy could not be loaded. Please try again in a moment."}
      </p>
      <Link to="/products" className={buttonClass("primary", "lg", "mt-8")}>
        <ArrowLeft aria-hidden="true" className="size-5" />
        Browse All Products
      </Link>
    </section>
  );
}
