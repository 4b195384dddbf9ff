import { ArrowLeft } from "lucide-react";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { isDatabaseId } from "../../../domain/ids";
import { ProductBreedRecommendations } from "../../components/admin/product-breed-recommendations";
import { ProductForm } from "../../components/admin/product-form";
import { ProductPageHeader } from "../../components/admin/product-page-header";
import { buttonClass } from "../../components/ui/button";
import { pageTitle } from "../../lib/page-title";
import type { Route } from "./+types/product-edit";

/**
 * Spec §2: edit mode when the id parameter is numeric and does not contain 'new'; anything
 * else (including /admin/products/new, which has no id) is create mode.
 */
function editIdFrom(param: string | undefined): number | null {
  if (param === undefined || param.includes("new") || !/^\d+$/.test(param)) return null;
  return Number(param);
}

function errorTitle(error: unknown): string {
  return isRouteErrorResponse(error) && error.status === 404 ? "Product Not Found" : "Something went wrong";
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [
  { title: pageTitle(error ? errorTitle(error) : loaderData?.toy ? "Edit Product" : "Add New Product") },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  // The layout's guard redirects too; this loader runs beside it, so it checks on its own.
  if (!context.session) throw redirect("/admin/login");
  const { catalog } = context.services;
  const id = editIdFrom("id" in params ? params.id : undefined);
  if (id !== null && !isDatabaseId(String(id))) throw data("Product not found", { status: 404 });

  const [breeds, categories, toy, breedLinks] = await Promise.all([
    catalog.listBreeds(),
    catalog.listCategories(),
    id === null ? null : catalog.getToy(id),
    id === null ? [] : catalog.listToyBreedLinks(id),
  ]);
  if (id !== null && !toy) throw data("Product not found", { status: 404 });
  return {
    toy,
    breedLinks: breedLinks ?? [],
    // Only what the form shows of each.
    breeds: breeds.map(({ id, name, size }) => ({ id, name, size })),
    categories: categories.map(({ id, name }) => ({ id, name })),
  };
}

/** /admin/products/new and /admin/products/{id}: the product form, and in edit mode the live breed editor. */
export default function AdminProductEdit({ loaderData }: Route.ComponentProps) {
  const { toy, breedLinks, breeds, categories } = loaderData;
  const editing = toy !== null;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <ProductPageHeader
        crumbs={[
          { label: "Dashboard", to: "/admin/dashboard" },
          { label: "Products", to: "/admin/products" },
          { label: editing ? "Edit Product" : "New Product" },
        ]}
        title={editing ? "Edit Product" : "Add New Product"}
        subtitle={editing ? "Update your existing product" : "Add a new dog toy to your collection"}
      />
      <div className="mt-8 grid gap-6">
        {/* Keyed by product, so moving between products starts from the stored values. */}
        <ProductForm key={toy?.id ?? "new"} toy={toy} categories={categories} breeds={breeds} />
        {toy ? (
          <section
            aria-labelledby="product-breeds-heading"
            className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
          >
            <h2 id="product-breeds-heading" className="text-xl font-extrabold tracking-tight">
              Good for these Dog Breeds
            </h2>
            <div className="mt-6">
              <ProductBreedRecommendations key={toy.id} toyId={toy.id} breeds={breeds} initialLinks={breedLinks} />
            </div>
          </section>
        ) : null}
      </div>
    </div>
  );
}

/** A product id with no product (deleted, or mistyped): said inside the admin shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // the server logs the failure itself (entry.server.tsx handleError)
  if (!notFound && typeof window !== "undefined") console.error("admin product page failed", error);
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{errorTitle(error)}</h1>
      <p className="mt-4 text-lg text-muted">
        {notFound
          ? "There is no product with this id. It may have been deleted."
          : "The product could not be loaded. Please try again in a moment."}
      </p>
      <Link to="/admin/products" className={buttonClass("primary", "md", "mt-8")}>
        <ArrowLeft className="size-5" aria-hidden="true" />
        Back to Products
      </Link>
    </section>
  );
}
