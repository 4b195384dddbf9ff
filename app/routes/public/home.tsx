import BadgeCheckNode from "lucide/dist/esm/icons/badge-check.mjs";
import CalendarClockNode from "lucide/dist/esm/icons/calendar-clock.mjs";
import PawPrintNode from "lucide/dist/esm/icons/paw-print.mjs";
import ShieldCheckNode from "lucide/dist/esm/icons/shield-check.mjs";
import SparklesNode from "lucide/dist/esm/icons/sparkles.mjs";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BreedSearch } from "#app/components/breed-search.tsx";
import { categoryIcon } from "#app/components/category-icon.tsx";
import { Deferred } from "#app/components/deferred.tsx";
import { JsonLd } from "#app/components/json-ld.tsx";
import { PostCard } from "#app/components/post-card.tsx";
import { TestimonialCarousel } from "#app/components/testimonial-carousel.tsx";
import { ToyCard } from "#app/components/toy-card.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { CardSkeleton, Skeleton } from "#app/components/ui/skeleton.tsx";
import { fetchResult } from "#app/lib/api.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { HOME_TITLE, SITE_NAME } from "#app/lib/page-title.ts";
import type { Result } from "#app/lib/result.ts";
import { settle } from "#app/lib/result.ts";
import { seoMeta, siteUrlFrom } from "#app/lib/seo.ts";
import { SITE } from "#app/lib/site.ts";
import { useContactEmail } from "#app/lib/use-contact-email.ts";
import type { Breed, Category, NamedOption, Toy, ToyCardData } from "#domain/catalog.ts";
import type { PostSummary } from "#domain/posts.ts";
import type { Testimonial } from "#domain/testimonials.ts";
import type { Route } from "./+types/home";

const BadgeCheck = icon("badge-check", BadgeCheckNode);
const CalendarClock = icon("calendar-clock", CalendarClockNode);
const PawPrint = icon("paw-print", PawPrintNode);
const ShieldCheck = icon("shield-check", ShieldCheckNode);
const Sparkles = icon("sparkles", SparklesNode);

export const HOME_CATEGORY_TILES = 6;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: HOME_TITLE,
    description:
      "Find the best toys for your dog by breed: durability-tested picks, honest reviews, practical guides and a five-question toy matchmaker quiz.",
    keywords: "dog toys, best dog toys, dog toys by breed, durable dog toys, puzzle toys, chew toys, dog toy reviews",
    path: "/",
    siteUrl: siteUrlFrom(matches),
  });

// The server's first view is final. A client-side navigation to the page makes the spec's calls
// instead (spec/storefront.md §7), each section with its own loading, empty and error states.
/**
 * Featured Toys shows the best-rated top picks, three rows of three at most: the spec does not
 * limit the section, but a catalogue with a hundred top picks would make the home page a
 * second product list (and a heavy page). The API still lists every top pick.
 */
const FEATURED_TOYS = 9;
const featured = (toys: Toy[]) => toys.slice(0, FEATURED_TOYS);

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { catalog, content } = app.services;
  const [breeds, topPicks, featuredPosts, categories, testimonials] = await Promise.all([
    // The breed search and the cards get only the fields they show (issue 20: page weight).
    settle(() => catalog.listBreedOptions()),
    settle(() => catalog.listTopPickCards(FEATURED_TOYS)),
    settle(() => content.listFeaturedPosts()),
    settle(() => catalog.listCategories()),
    settle(() => content.listTestimonials()),
  ]);
  return { siteUrl: app.siteUrl, breeds, topPicks, featuredPosts, categories, testimonials };
}

export async function clientLoader() {
  return {
    siteUrl: window.location.origin,
    breeds: fetchResult<Breed[]>("/api/breeds"),
    topPicks: fetchResult<Toy[]>("/api/toys/top-picks").then((r) =>
      r.ok ? { ok: true as const, data: featured(r.data) } : r,
    ),
    featuredPosts: fetchResult<PostSummary[]>("/api/posts/featured"),
    categories: fetchResult<Category[]>("/api/categories"),
    testimonials: fetchResult<Testimonial[]>("/api/testimonials"),
  };
}

type MaybeDeferred<T> = Result<T> | Promise<Result<T>>;

function SectionHeading({
  id,
  title,
  intro,
  action,
}: {
  id: string;
  title: string;
  intro?: string;
  action?: ReactNode;
}) {
  return (
    <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 id={id} className="text-3xl font-extrabold tracking-tight">
          {title}
        </h2>
        {intro ? <p className="mt-2 max-w-2xl text-muted">{intro}</p> : null}
      </div>
      {action}
    </div>
  );
}

function Hero() {
  const badges = [
    { icon: PawPrint, text: "Breed-specific recommendations" },
    { icon: ShieldCheck, text: "Durability tested" },
    { icon: CalendarClock, text: "Updated weekly" },
  ];
  return (
    <section className="bg-gradient-to-b from-orange-50 to-surface" aria-labelledby="hero-heading">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <p className="inline-flex items-center gap-2 rounded-full border border-orange-200 bg-white px-3 py-1 text-sm font-semibold text-primary-hover">
          <BadgeCheck className="size-4" aria-hidden="true" />
          Official {SITE.retailer} Associate Partner
        </p>
        <h1 id="hero-heading" className="mt-6 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
          Find the perfect toy for your dog's breed
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-muted">
          We test toys with real dogs of every size and chew style, then match them to breeds so you buy the right toy
          the first time.
        </p>
        <ul className="mt-8 flex flex-wrap gap-3" aria-label="Why Pawsome Picks">
          {badges.map(({ icon: Icon, text }) => (
            <li
              key={text}
              className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold shadow-sm"
            >
              <Icon className="size-4 text-primary" aria-hidden="true" />
              {text}
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-wrap gap-4">
          <a href="#breed-search" className={buttonClass("primary", "lg")}>
            Find Toys by Breed
          </a>
          <Link to="/quiz" className={buttonClass("outline", "lg")}>
            <Sparkles className="size-5" aria-hidden="true" />
            Take the Toy Quiz
          </Link>
        </div>
      </div>
    </section>
  );
}

function BreedSearchSection({ breeds }: { breeds: MaybeDeferred<NamedOption[]> }) {
  return (
    <section id="breed-search" className="scroll-mt-20 py-16" aria-labelledby="breed-search-heading">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mb-8 text-center">
          <h2 id="breed-search-heading" className="text-3xl font-extrabold tracking-tight">
            Find Toys for Your Dog's Breed
          </h2>
          <p className="mx-auto mt-2 max-w-2xl text-muted">
            Choose your dog's breed and we'll show the toys our testers recommend for it.
          </p>
        </div>
        <Deferred value={breeds} fallback={<Skeleton className="mx-auto h-12 max-w-2xl" />}>
          {(result) => <BreedSearch breeds={result.ok ? result.data : []} />}
        </Deferred>
      </div>
    </section>
  );
}

function FeaturedToys({ topPicks }: { topPicks: MaybeDeferred<ToyCardData[]> }) {
  const frame = (children: ReactNode) => (
    <section className="bg-white py-16" aria-labelledby="featured-toys-heading">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="featured-toys-heading"
          title="Featured Toys"
          intro="Our top picks, tested for durability and fun."
          action={
            <Link to="/products" className="inline-flex items-center gap-1 font-bold text-primary hover:underline">
              View All Products
              <span aria-hidden="true">→</span>
            </Link>
          }
        />
        {children}
      </div>
    </section>
  );
  return (
    <Deferred
      value={topPicks}
      fallback={frame(
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading featured toys">
          <CardSkeleton />
          <CardSkeleton />
          <CardSkeleton />
        </div>,
      )}
    >
      {(result) =>
        // hidden on error or when there is nothing to feature (spec §2)
        result.ok && result.data.length > 0
          ? frame(
              <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {result.data.map((toy) => (
                  <ToyCard key={toy.id} toy={toy} variant="featured" />
                ))}
              </div>,
            )
          : null
      }
    </Deferred>
  );
}

function LatestPosts({ posts }: { posts: MaybeDeferred<PostSummary[]> }) {
  return (
    <section id="latest-reviews" className="scroll-mt-20 py-16" aria-labelledby="latest-reviews-heading">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="latest-reviews-heading"
          title="Featured Reviews and Guides"
          intro="In-depth reviews and practical advice from our testers."
          action={
            <Link to="/reviews" className="inline-flex items-center gap-1 font-bold text-primary hover:underline">
              View All Content
              <span aria-hidden="true">→</span>
            </Link>
          }
        />
        <Deferred
          value={posts}
          fallback={
            <div className="grid gap-6 md:grid-cols-3" role="status" aria-label="Loading reviews">
              <Skeleton className="h-80" />
              <Skeleton className="h-80" />
              <Skeleton className="h-80" />
            </div>
          }
        >
          {(result) =>
            result.ok ? (
              <div className="grid gap-6 md:grid-cols-3">
                {result.data.map((post) => (
                  <PostCard key={post.id} post={post} dateStyle="short" />
                ))}
              </div>
            ) : (
              <p className="rounded-lg bg-red-50 p-4 text-red-800">Failed to load reviews. Please try again later.</p>
            )
          }
        </Deferred>
      </div>
    </section>
  );
}

function ToyCategories({ categories }: { categories: MaybeDeferred<Category[]> }) {
  return (
    <section className="bg-white py-16" aria-labelledby="categories-heading">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <Deferred
          value={categories}
          fallback={
            <>
              <SectionHeading id="categories-heading" title="Toy Categories" />
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading categories">
                {Array.from({ length: HOME_CATEGORY_TILES }, (_, i) => (
                  <Skeleton key={`category-skeleton-${i.toString()}`} className="h-28" />
                ))}
              </div>
            </>
          }
        >
          {(result) => (
            <>
              <SectionHeading
                id="categories-heading"
                title="Toy Categories"
                intro="Browse toys by what your dog loves to do."
                action={
                  result.ok && result.data.length > HOME_CATEGORY_TILES ? (
                    <Link
                      to="/products"
                      className="inline-flex items-center gap-1 font-bold text-primary hover:underline"
                    >
                      View All Categories
                      <span aria-hidden="true">→</span>
                    </Link>
                  ) : null
                }
              />
              {result.ok ? (
                <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {result.data.slice(0, HOME_CATEGORY_TILES).map((category) => {
                    const Icon = categoryIcon(category);
                    return (
                      <li key={category.id}>
                        <Link
                          to={`/products?category=${category.id}`}
                          className="flex h-full items-start gap-4 rounded-xl border border-stone-200 bg-surface p-5 transition-colors hover:border-primary"
                          data-testid="category-tile"
                        >
                          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft">
                            <Icon className="size-6 text-primary" aria-hidden="true" />
                          </span>
                          <span>
                            <span className="block text-lg font-bold">{category.name}</span>
                            {category.description ? (
                              <span className="mt-1 block text-sm text-muted">{category.description}</span>
                            ) : null}
                          </span>
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <p className="rounded-lg bg-red-50 p-4 text-red-800">
                  Failed to load categories. Please try again later.
                </p>
              )}
            </>
          )}
        </Deferred>
      </div>
    </section>
  );
}

function QuizCallToAction() {
  return (
    <section className="py-16" aria-labelledby="quiz-cta-heading">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-primary px-6 py-12 text-center text-white sm:px-12">
          <h2 id="quiz-cta-heading" className="text-3xl font-extrabold tracking-tight">
            Not sure where to start?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-orange-50">
            Answer five quick questions about your dog and our Toy Matchmaker will pick the three toys that suit them
            best.
          </p>
          <Link
            to="/quiz"
            className="mt-8 inline-flex items-center gap-2 rounded-lg bg-white px-6 py-3 text-lg font-bold text-primary-hover hover:bg-orange-50"
          >
            Take the Quiz
            <span aria-hidden="true">→</span>
          </Link>
        </div>
      </div>
    </section>
  );
}

function Testimonials({ testimonials }: { testimonials: MaybeDeferred<Testimonial[]> }) {
  return (
    <Deferred value={testimonials} fallback={null}>
      {(result) =>
        result.ok && result.data.length > 0 ? (
          <section className="bg-white py-16" aria-labelledby="testimonials-heading">
            <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
              <h2 id="testimonials-heading" className="mb-8 text-center text-3xl font-extrabold tracking-tight">
                Happy Dogs, Happy Parents
              </h2>
              <TestimonialCarousel testimonials={result.data} />
            </div>
          </section>
        ) : null
      }
    </Deferred>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { siteUrl, breeds, topPicks, featuredPosts, categories, testimonials } = loaderData;
  const contactEmail = useContactEmail();
  return (
    <>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@graph": [
            {
              "@type": "WebSite",
              "@id": `${siteUrl}/#website`,
              url: `${siteUrl}/`,
              name: SITE_NAME,
              description: "Breed-based dog toy recommendations, reviews and guides.",
              potentialAction: {
                "@type": "SearchAction",
                target: `${siteUrl}/products?search={search_term_string}`,
                "query-input": "required name=search_term_string",
              },
            },
            {
              "@type": "Organization",
              "@id": `${siteUrl}/#organization`,
              name: SITE_NAME,
              url: `${siteUrl}/`,
              logo: `${siteUrl}/favicon.svg`,
              email: contactEmail,
            },
          ],
        }}
      />
      <Hero />
      <BreedSearchSection breeds={breeds} />
      <FeaturedToys topPicks={topPicks} />
      <LatestPosts posts={featuredPosts} />
      <ToyCategories categories={categories} />
      <QuizCallToAction />
      <Testimonials testimonials={testimonials} />
    </>
  );
}
