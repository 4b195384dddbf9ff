import ChevronLeftNode from "lucide/dist/esm/icons/chevron-left.mjs";
import ChevronRightNode from "lucide/dist/esm/icons/chevron-right.mjs";
import InfoNode from "lucide/dist/esm/icons/info.mjs";
import SlidersHorizontalNode from "lucide/dist/esm/icons/sliders-horizontal.mjs";
import { useCallback, useEffect, useState } from "react";
import { data, isRouteErrorResponse, Link, useLocation, useSearchParams } from "react-router";
import { AffiliateLink } from "#app/components/affiliate-link.tsx";
import { JsonLd } from "#app/components/json-ld.tsx";
import { PriceTag, PrimeBadge } from "#app/components/price-tag.tsx";
import { ProductFilters } from "#app/components/product-filters.tsx";
import { RatingStars } from "#app/components/rating-stars.tsx";
import { SmartImage } from "#app/components/smart-image.tsx";
import { ToyCard } from "#app/components/toy-card.tsx";
import { BottomSheet } from "#app/components/ui/bottom-sheet.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { CardSkeleton } from "#app/components/ui/skeleton.tsx";
import { fetchResult } from "#app/lib/api.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { fetchToyPage } from "#app/lib/catalog-api.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { type Result, settle } from "#app/lib/result.ts";
import { seoMeta, siteUrlFrom } from "#app/lib/seo.ts";
import { SITE } from "#app/lib/site.ts";
import { useAwaited } from "#app/lib/use-awaited.ts";
import {
  type Breed,
  type Category,
  type NamedOption,
  type Toy,
  type ToyCardData,
  type ToyPage,
  toOption,
} from "#domain/catalog.ts";
import { type CatalogFilters, catalogFiltersFrom, catalogSearchParams, PAGE_SIZE } from "#domain/catalog-query.ts";
import { toyItemListJsonLd } from "#domain/structured-data.ts";
import { countOf } from "#domain/text.ts";
import type { Route } from "./+types/products";

const ChevronLeft = icon("chevron-left", ChevronLeftNode);
const ChevronRight = icon("chevron-right", ChevronRightNode);
const Info = icon("info", InfoNode);
const SlidersHorizontal = icon("sliders-horizontal", SlidersHorizontalNode);

export const SKELETON_CARDS = 6;
/** the phone's filter sheet, which its button opens by itself */
const SHEET_ID = "filter-sheet";
/** cards in the first row of the widest grid: their images load at once, not lazily */
const FIRST_ROW = 3;

export const meta: Route.MetaFunction = ({ matches, location, loaderData, error }) => {
  if (error) return [{ title: pageTitle("Page Not Found") }, { name: "robots", content: "noindex" }];
  const filters = catalogFiltersFrom(new URLSearchParams(location.search));
  const params = catalogSearchParams({ category: filters.category, page: filters.page });
  // /products?id= is an older address of a toy: its page is the toy's own
  const highlighted =
    loaderData && !(loaderData.highlighted instanceof Promise) && loaderData.highlighted?.ok
      ? loaderData.highlighted.data
      : null;
  return seoMeta({
    title: pageTitle("Dog Toys & Products"),
    description:
      "Browse tested dog toys by breed, category, price and rating: durable chews, puzzle toys, fetch and water toys.",
    path: highlighted ? `/toys/${highlighted.slug}` : params.size > 0 ? `/products?${params}` : "/products",
    siteUrl: siteUrlFrom(matches),
  });
};

function highlightedId(url: URL): number | undefined {
  const id = url.searchParams.get("id");
  return id && /^\d{1,10}$/.test(id) ? Number(id) : undefined;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const filters = catalogFiltersFrom(url.searchParams);
  const { catalog } = app.services;
  const id = highlightedId(url);
  const [toys, breeds, categories, highlighted] = await Promise.all([
    // The cards and the filters get only the fields they show: the page's hydration data is
    // part of its weight (issue 20).
    settle(() => catalog.listToyCards({ ...filters, page: filters.page ?? 1, pageSize: PAGE_SIZE })),
    settle(() => catalog.listBreedOptions()),
    settle(async () => (await catalog.listCategories()).map(toOption)),
    id === undefined ? Promise.resolve(null) : settle(() => catalog.getToy(id)),
  ]);
  // A page past the last one does not exist (as WordPress and Ghost answer /page/999): a 404 with
  // a way back, never "46 products" above "No products found" with a canonical link to itself.
  // The API keeps the spec's answer for the same (an empty list with X-Total-Count).
  if (toys.ok && toys.data.items.length === 0 && toys.data.total > 0) {
    throw data({ lastPage: lastPageOf(toys.data.total) }, { status: 404 });
  }
  return { siteUrl: app.siteUrl, toys, breeds, categories, highlighted };
}

/** The number of the catalogue's last page for this many matches. */
function lastPageOf(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

// After a client-side navigation (a link, a filter, a page) the page makes the spec's calls; while
// they load the grid shows skeletons. The first view is the server's, final (decision 005).
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const id = highlightedId(url);
  return {
    siteUrl: window.location.origin,
    toys: fetchToyPage(catalogFiltersFrom(url.searchParams)),
    breeds: fetchResult<Breed[]>("/api/breeds"),
    categories: fetchResult<Category[]>("/api/categories"),
    highlighted: id === undefined ? null : fetchResult<Toy>(`/api/toys/${id}`),
  };
}

function Breadcrumb() {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex items-center gap-2 text-muted">
        <li>
          <Link to="/" className="hover:text-primary hover:underline">
            Home
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="font-semibold text-ink">
          Dog Toys & Products
        </li>
      </ol>
    </nav>
  );
}

function HighlightedToy({ toy }: { toy: Toy }) {
  return (
    <section
      aria-labelledby="highlighted-heading"
      className="mb-10 grid gap-6 rounded-2xl border-2 border-primary bg-white p-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
      data-testid="highlighted-toy"
    >
      <SmartImage
        src={toy.imageUrl}
        alt={toy.imageAlt || toy.name}
        width={800}
        height={600}
        sizes="(min-width: 1280px) 480px, (min-width: 768px) 40vw, 100vw"
        className="aspect-[4/3] w-full rounded-xl bg-stone-100 object-cover"
      />
      <div>
        {toy.isTopPick ? (
          <span className="rounded-full bg-primary px-3 py-1 text-xs font-bold text-white">Top Pick</span>
        ) : null}
        <h2 id="highlighted-heading" className="mt-3 text-2xl font-extrabold">
          <Link to={`/toys/${toy.slug}`} className="hover:text-primary hover:underline">
            {toy.name}
          </Link>
        </h2>
        <div className="mt-2 flex items-center gap-2 text-sm text-muted">
          <RatingStars rating={toy.rating} />
          <span>
            {toy.rating} ({toy.reviewCount.toLocaleString("en-US")} reviews)
          </span>
        </div>
        <p className="mt-4 flex flex-wrap items-center gap-3">
          <PriceTag toy={toy} className="text-2xl font-extrabold" />
          <PrimeBadge isPrimeEligible={toy.isPrimeEligible} />
        </p>
        <p className="mt-4">{toy.details}</p>
        {toy.categories.length > 0 ? (
          <p className="mt-4 text-sm text-muted">Categories: {toy.categories.map((c) => c.name).join(", ")}</p>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          {toy.amazonUrl ? (
            <AffiliateLink toyId={toy.id} placement="catalogue" className={buttonClass("primary", "md")}>
              View on Amazon
            </AffiliateLink>
          ) : null}
          {/* the toy's own page has everything about it; this card is the catalogue's short form */}
          <Link to={`/toys/${toy.slug}`} className={buttonClass("outline", "md")}>
            View Details
          </Link>
        </div>
      </div>
    </section>
  );
}

/** The catalogue's address for these filters on page `page`. */
function catalogueHref(filters: CatalogFilters, page: number): string {
  const params = catalogSearchParams({ ...filters, page });
  return params.size > 0 ? `/products?${params}` : "/products";
}

function Pagination({ page, total, filters }: { page: number; total: number; filters: CatalogFilters }) {
  const pages = lastPageOf(total);
  if (pages <= 1) return null;
  const href = (p: number) => catalogueHref(filters, p);
  const linkClass = buttonClass("secondary", "sm");
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} className={linkClass} rel="prev">
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </Link>
      ) : null}
      <span className="text-sm text-muted">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className={linkClass} rel="next">
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}

function Skeletons() {
  return (
    <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading products">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <CardSkeleton key={`skeleton-${i.toString()}`} />
      ))}
    </div>
  );
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { siteUrl, toys, breeds, categories, highlighted } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const toysState = useAwaited(toys);
  const breedsState = useAwaited(breeds);
  const categoriesState = useAwaited(categories);
  const highlightedState = useAwaited(highlighted);
  // While a new query loads, the filter buttons keep the last known count.
  const [lastTotal, setLastTotal] = useState(() => (!(toys instanceof Promise) && toys.ok ? toys.data.total : 0));
  const settledTotal = toysState.settled && toysState.value.ok ? toysState.value.data.total : undefined;
  useEffect(() => {
    if (settledTotal !== undefined) setLastTotal(settledTotal);
  }, [settledTotal]);
  const loading = !toysState.settled || !breedsState.settled || !categoriesState.settled;
  const filters = catalogFiltersFrom(searchParams);
  const [sheetOpen, setSheetOpen] = useState(false);

  const applyFilters = useCallback(
    (next: CatalogFilters, options?: { replace?: boolean }) => {
      setSearchParams(catalogSearchParams(next), { replace: options?.replace, preventScrollReset: true });
    },
    [setSearchParams],
  );

  const content = (
    toysResult: Result<ToyPage<ToyCardData>> | undefined,
    breedsResult: Result<NamedOption[]> | undefined,
    categoriesResult: Result<NamedOption[]> | undefined,
  ) => {
    const breedList = breedsResult?.ok ? breedsResult.data : [];
    const categoryList = categoriesResult?.ok ? categoriesResult.data : [];
    const total = toysResult?.ok ? toysResult.data.total : lastTotal;
    const filterPanel = (prefix: string) => (
      <ProductFilters
        idPrefix={prefix}
        filters={filters}
        breeds={breedList}
        categories={categoryList}
        onChange={applyFilters}
      />
    );
    return (
      <div className="lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-10">
        <aside className="hidden lg:block" aria-label="Filters">
          <div className="sticky top-24 rounded-2xl border border-stone-200 bg-white p-6">
            <h2 className="mb-4 text-lg font-bold">Filter & Sort</h2>
            {filterPanel("sidebar")}
          </div>
        </aside>

        <div className="sticky top-16 z-30 -mx-4 mb-6 bg-surface/95 px-4 py-3 backdrop-blur lg:hidden">
          {/* The browser opens the sheet itself (an invoker command), so it opens before the
              scripts run; once they run, the click also tells the page it is open. */}
          <button
            type="button"
            aria-haspopup="dialog"
            commandfor={SHEET_ID}
            command="show-modal"
            onClick={() => setSheetOpen(true)}
            className={buttonClass("secondary", "md", "w-full")}
          >
            <SlidersHorizontal className="size-5" aria-hidden="true" />
            Filter & Sort ({countOf(total, "product")})
          </button>
        </div>
        <BottomSheet
          id={SHEET_ID}
          open={sheetOpen}
          onOpenChange={setSheetOpen}
          title="Filter & Sort"
          description="Narrow the product list by search, breed, category and price, and sort it."
          footer={
            // sends the sheet's form (what the page does by itself once its scripts run)
            <button
              type="submit"
              form="sheet-filters"
              onClick={() => setSheetOpen(false)}
              className={buttonClass("primary", "lg", "w-full")}
            >
              View {countOf(total, "Product")}
            </button>
          }
        >
          {filterPanel("sheet")}
        </BottomSheet>

        <div>
          {loading || !toysResult ? (
            <Skeletons />
          ) : toysResult.ok ? (
            <>
              {/* On a phone the sidebar's heading is hidden: this keeps the card headings (h3) under an h2. */}
              <h2 className="sr-only">Product results</h2>
              {toysResult.data.items.length === 0 && total > 0 ? (
                // a page past the last one, reached in the browser (the server answers it 404)
                <div className="rounded-2xl border border-stone-200 bg-white p-10 text-center">
                  <h2 className="text-xl font-bold">There is no page {filters.page ?? 1}</h2>
                  <p className="mt-2 text-muted">
                    These filters match {countOf(total, "product")} on {countOf(lastPageOf(total), "page")}.
                  </p>
                  <Link to={catalogueHref(filters, lastPageOf(total))} className={buttonClass("primary", "md", "mt-6")}>
                    Go to the last page
                  </Link>
                </div>
              ) : (
                <p className="mb-4 text-sm text-muted" aria-live="polite">
                  {countOf(total, "product")}
                </p>
              )}
              {toysResult.data.items.length > 0 ? (
                <>
                  <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
                    {toysResult.data.items.map((toy, index) => (
                      <ToyCard key={toy.id} toy={toy} aboveTheFold={index < FIRST_ROW} elementId={`toy-${toy.id}`} />
                    ))}
                  </div>
                  <Pagination page={filters.page ?? 1} total={total} filters={filters} />
                  <JsonLd
                    data={toyItemListJsonLd(toysResult.data.items, siteUrl, {
                      firstPosition: ((filters.page ?? 1) - 1) * PAGE_SIZE + 1,
                    })}
                  />
                </>
              ) : total === 0 ? (
                <div className="rounded-2xl border border-stone-200 bg-white p-10 text-center">
                  <h2 className="text-xl font-bold">No products found</h2>
                  <p className="mt-2 text-muted">Try adjusting your filters or search term</p>
                  {/* the unfiltered catalogue: a link, so it works before the scripts run too */}
                  <Link to="/products" preventScrollReset className={buttonClass("primary", "md", "mt-6")}>
                    Clear All Filters
                  </Link>
                </div>
              ) : null}
            </>
          ) : (
            <p className="rounded-lg bg-red-50 p-4 text-red-800">Failed to load products. Please try again later.</p>
          )}
        </div>
      </div>
    );
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Breadcrumb />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">Dog Toys & Products</h1>
      <p className="mt-3 flex items-start gap-2 text-sm text-muted">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Pawsome Picks is a proud {SITE.retailer} Associate partner: we earn a small commission from qualifying
          purchases made through the links on this page, at no extra cost to you.
        </span>
      </p>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "BreadcrumbList",
          itemListElement: [
            { "@type": "ListItem", position: 1, name: "Home", item: `${siteUrl}/` },
            { "@type": "ListItem", position: 2, name: "Dog Toys & Products", item: `${siteUrl}/products` },
          ],
        }}
      />
      <div className="mt-8">
        {highlightedState.settled && highlightedState.value ? (
          highlightedState.value.ok && highlightedState.value.data ? (
            <HighlightedToy toy={highlightedState.value.data} />
          ) : (
            <p className="mb-8 rounded-lg bg-stone-100 p-4">That product could not be found.</p>
          )
        ) : null}
        {content(
          toysState.settled ? toysState.value : undefined,
          breedsState.settled ? breedsState.value : undefined,
          categoriesState.settled ? categoriesState.value : undefined,
        )}
      </div>
    </div>
  );
}

/** A page past the catalogue's last (or a failed load): said in the site's shell, with a way on. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { search } = useLocation();
  const lastPage =
    isRouteErrorResponse(error) && error.status === 404 && typeof error.data?.lastPage === "number"
      ? (error.data.lastPage as number)
      : null;
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
        {lastPage ? "Page Not Found" : "Something went wrong"}
      </h1>
      <p className="mt-4 text-lg text-muted">
        {lastPage
          ? `The catalogue has ${countOf(lastPage, "page")} for these filters; this page is past the last one.`
          : "The catalogue could not be loaded. Please try again in a moment."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {lastPage ? (
          <Link
            to={catalogueHref(catalogFiltersFrom(new URLSearchParams(search)), lastPage)}
            className={buttonClass("primary", "lg")}
          >
            Go to the last page
          </Link>
        ) : null}
        <Link to="/products" className={buttonClass("outline", "lg")}>
          Browse All Products
        </Link>
      </div>
    </section>
  );
}
