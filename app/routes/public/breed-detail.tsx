import ArrowLeftNode from "lucide/dist/esm/icons/arrow-left.mjs";
import PawPrintNode from "lucide/dist/esm/icons/paw-print.mjs";
import SparklesNode from "lucide/dist/esm/icons/sparkles.mjs";
import { data, isRouteErrorResponse, Link } from "react-router";
import { JsonLd } from "#app/components/json-ld.tsx";
import { PostCard } from "#app/components/post-card.tsx";
import { SmartImage } from "#app/components/smart-image.tsx";
import { ToyCard } from "#app/components/toy-card.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { seoMeta, siteUrlFrom } from "#app/lib/seo.ts";
import { bestToysFor, withIndefiniteArticle } from "#domain/english.ts";
import { SLUG_PATTERN } from "#domain/slug.ts";
import { socialImagePath } from "#domain/social-images.ts";
import { breadcrumbJsonLd, toyItemListJsonLd } from "#domain/structured-data.ts";
import type { Route } from "./+types/breed-detail";

const ArrowLeft = icon("arrow-left", ArrowLeftNode);
const PawPrint = icon("paw-print", PawPrintNode);
const Sparkles = icon("sparkles", SparklesNode);

/** /breeds/{slug}: the landing page "Best toys for {breed}"; 404 for an unknown breed. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const found = SLUG_PATTERN.test(params.slug) ? await app.services.productPages.breedPage(params.slug) : null;
  if (!found) throw data("Breed not found", { status: 404 });
  return { page: found, siteUrl: app.siteUrl };
}

/** "Best Toys for Labrador Retrievers" reads better than "…for Labrador Retriever". */
function headingFor(name: string): string {
  return `Best Toys for ${name}`;
}

export const meta: Route.MetaFunction = ({ loaderData: loaded, matches, error }) => {
  if (error || !loaded) return [{ title: pageTitle("Breed Not Found") }, { name: "robots", content: "noindex" }];
  const { breed, recommendations } = loaded.page;
  const count = recommendations.length;
  return seoMeta({
    title: pageTitle(headingFor(breed.name)),
    description:
      count > 0
        ? `${bestToysFor(breed.name, count)}, picked for its size, energy and jaws, with notes from our testers.`
        : `Toys for ${withIndefiniteArticle(breed.name)}: ${breed.description}`.slice(0, 300),
    path: `/breeds/${breed.slug}`,
    siteUrl: siteUrlFrom(matches),
    image: breed.imageUrl ? { path: socialImagePath("breeds", breed.slug), alt: breed.imageAlt || breed.name } : null,
  });
};

export default function BreedDetail({ loaderData }: Route.ComponentProps) {
  const { page, siteUrl } = loaderData;
  const { breed, recommendations, posts } = page;
  const path = `/breeds/${breed.slug}`;
  const heading = headingFor(breed.name);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <JsonLd
        data={toyItemListJsonLd(
          recommendations.map((rec) => rec.toy),
          siteUrl,
          { name: heading, path },
        )}
      />
      <JsonLd
        data={breadcrumbJsonLd(
          [
            { name: "Home", path: "/" },
            { name: "Breeds", path: "/breeds" },
            { name: breed.name, path },
          ],
          siteUrl,
        )}
      />
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <ol className="flex items-center gap-2">
          <li>
            <Link to="/" className="hover:text-primary hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/breeds" className="hover:text-primary hover:underline">
              Breeds
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="font-semibold text-ink">
            {breed.name}
          </li>
        </ol>
      </nav>

      <header className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-center">
        {breed.imageUrl ? (
          <SmartImage
            src={breed.imageUrl}
            alt={breed.imageAlt || breed.name}
            width={800}
            height={600}
            sizes="(min-width: 640px) 224px, 100vw"
            loading="eager"
            fetchPriority="high"
            className="h-40 w-full rounded-2xl bg-stone-100 object-cover sm:w-56"
          />
        ) : (
          <div className="flex h-40 w-full items-center justify-center rounded-2xl bg-primary-soft sm:w-56">
            <PawPrint className="size-16 text-primary" aria-hidden="true" />
          </div>
        )}
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{heading}</h1>
          <p className="mt-2 font-semibold text-muted capitalize">{breed.size} breed</p>
          <p className="mt-3 max-w-3xl text-lg">{breed.description}</p>
        </div>
      </header>

      <section aria-labelledby="breed-toys-heading" className="mt-12">
        <h2 id="breed-toys-heading" className="text-2xl font-extrabold tracking-tight">
          {`Our picks for the ${breed.name}`}
        </h2>
        {recommendations.length > 0 ? (
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {recommendations.map((rec, index) => (
              <ToyCard
                key={rec.toyId}
                toy={rec.toy}
                note={rec.note}
                headingLevel="h3"
                placement={`breed:${breed.slug}`}
                aboveTheFold={index < 3}
              />
            ))}
          </div>
        ) : (
          <div className="mt-6 rounded-xl bg-stone-50 p-8 text-center">
            <p className="text-lg font-bold">No recommendations found yet</p>
            <p className="mt-2 text-muted">
              We're working on adding toy recommendations for this breed. Check back soon!
            </p>
            <Link to="/products" className={buttonClass("outline", "md", "mt-6")}>
              Browse All Products
            </Link>
          </div>
        )}
      </section>

      <section
        aria-labelledby="breed-quiz-heading"
        className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-primary-soft p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8"
      >
        <div>
          <h2 id="breed-quiz-heading" className="text-xl font-extrabold">
            {`Every ${breed.name} is different`}
          </h2>
          <p className="mt-1 text-muted">Answer five quick questions about your dog and get three matched toys.</p>
        </div>
        <Link to="/quiz" className={buttonClass("primary", "md")}>
          <Sparkles className="size-5" aria-hidden="true" />
          Take the Quiz
        </Link>
      </section>

      {posts.length > 0 ? (
        <section aria-labelledby="breed-posts-heading" className="mt-12">
          <h2 id="breed-posts-heading" className="text-2xl font-extrabold tracking-tight">
            Related reviews and guides
          </h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}

/** An unknown breed (or a failed load): said in the site's shell, with a way on. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <PawPrint aria-hidden="true" className="mx-auto size-14 text-primary" />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-4xl">
        {notFound ? "Breed Not Found" : "Something went wrong"}
      </h1>
      <p className="mt-4 text-lg text-muted">
        {notFound
          ? "We couldn't find the breed you're looking for. It may have been renamed or removed."
          : "This breed could not be loaded. Please try again in a moment."}
      </p>
      <Link to="/breeds" className={buttonClass("primary", "lg", "mt-8")}>
        <ArrowLeft aria-hidden="true" className="size-5" />
        All Breeds
      </Link>
    </section>
  );
}
