import PawPrintNode from "lucide/dist/esm/icons/paw-print.mjs";
import { Link, redirect } from "react-router";
import { JsonLd } from "#app/components/json-ld.tsx";
import { CARD_IMAGE_SIZES, SmartImage } from "#app/components/smart-image.tsx";
import { icon } from "#app/components/ui/icon.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { seoMeta, siteUrlFrom } from "#app/lib/seo.ts";
import { breadcrumbJsonLd } from "#domain/structured-data.ts";
import type { Route } from "./+types/breeds";

const PawPrint = icon("paw-print", PawPrintNode);

const DESCRIPTION =
  "Find the best toys for your dog's breed: every breed we cover, with the toys we recommend for its size, energy and jaws.";

/** /breeds: every breed. `?breed={id}` (the home breed search posted before its scripts ran) opens that breed's page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const breeds = await app.services.productPages.breedIndex();
  const asked = new URL(request.url).searchParams.get("breed");
  if (asked !== null) {
    const breed = /^\d{1,10}$/.test(asked) ? breeds.find((b) => b.id === Number(asked)) : undefined;
    throw redirect(breed ? `/breeds/${breed.slug}` : "/breeds#breed-list");
  }
  return { breeds, siteUrl: app.siteUrl };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: pageTitle("Best Dog Toys by Breed"),
    description: DESCRIPTION,
    path: "/breeds",
    siteUrl: siteUrlFrom(matches),
  });

export default function Breeds({ loaderData }: Route.ComponentProps) {
  const { breeds, siteUrl } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <JsonLd
        data={breadcrumbJsonLd(
          [
            { name: "Home", path: "/" },
            { name: "Breeds", path: "/breeds" },
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
          <li aria-current="page" className="font-semibold text-ink">
            Breeds
          </li>
        </ol>
      </nav>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">Best Dog Toys by Breed</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">{DESCRIPTION}</p>
      {breeds.length === 0 ? (
        <p className="mt-10 text-muted">No breeds have been added yet.</p>
      ) : (
        <ul id="breed-list" className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {breeds.map((breed, index) => (
            <li
              key={breed.id}
              className="group relative flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm hover:shadow-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary"
            >
              {breed.imageUrl ? (
                <SmartImage
                  src={breed.imageUrl}
                  alt=""
                  width={800}
                  height={600}
                  sizes={CARD_IMAGE_SIZES}
                  loading={index < 3 ? "eager" : "lazy"}
                  decoding="async"
                  className="aspect-[4/3] w-full bg-stone-100 object-cover"
                />
              ) : (
                <div className="flex aspect-[4/3] w-full items-center justify-center bg-primary-soft">
                  <PawPrint className="size-16 text-primary" aria-hidden="true" />
                </div>
              )}
              <div className="flex flex-1 flex-col p-5">
                <h2 className="text-xl font-bold">
                  <Link
                    to={`/breeds/${breed.slug}`}
                    className="outline-none after:absolute after:inset-0 group-hover:text-primary"
                  >
                    {breed.name}
                  </Link>
                </h2>
                <p className="mt-1 text-sm font-semibold text-muted capitalize">{breed.size} breed</p>
                <p className="mt-3 text-sm text-muted">
                  {breed.toyCount === 1 ? "1 recommended toy" : `${breed.toyCount} recommended toys`}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
