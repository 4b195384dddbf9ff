import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { AdminNotFound, adminErrorTitle } from "#app/components/admin/admin-not-found.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { serviceRefusal } from "#app/components/form/service-refusal.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { toOption } from "#domain/catalog.ts";
import { isDatabaseId } from "#domain/ids.ts";
import { productFormFields, productFormSchema } from "#domain/product-form.ts";
import type { Route } from "./+types/edit";
import { ProductBreedRecommendations } from "./product-breed-recommendations.tsx";
import { type ProductActionData, ProductForm } from "./product-form.tsx";

/**
 * Spec §2: edit mode when the id parameter is numeric and does not contain 'new'; anything
 * else (including /admin/products/new, which has no id) is create mode.
 */
function editIdFrom(param: string | undefined): number | null {
  if (param === undefined || param.includes("new") || !/^\d+$/.test(param)) return null;
  return Number(param);
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [
  {
    title: pageTitle(error ? adminErrorTitle(error, "Product") : loaderData?.toy ? "Edit Product" : "Add New Product"),
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const { catalog } = app.services;
  const id = editIdFrom("id" in params ? params.id : undefined);
  if (id !== null && !isDatabaseId(String(id))) throw data("Product not found", { status: 404 });

  const [breeds, categories, toy, breedLinks, priceHistory] = await Promise.all([
    catalog.listBreeds(),
    catalog.listCategories(),
    id === null ? null : catalog.getToyForEditing(id),
    id === null ? [] : catalog.listToyBreedLinksForEditing(id),
    id === null ? [] : app.services.productSync.history(id),
  ]);
  if (id !== null && !toy) throw data("Product not found", { status: 404 });
  return {
    toy,
    breedLinks: breedLinks ?? [],
    priceHistory: priceHistory ?? [],
    // Only what the form shows of each.
    breeds: breeds.map(({ id, name, size }) => ({ id, name, size })),
    categories: categories.map(toOption),
  };
}

// The form posted before the page's scripts ran: the same schema as the browser's and the same
// service as POST/PUT /api/toys (fields, categories and a new product's breed notes in one save).
export async function action({ context, params, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const id = editIdFrom("id" in params ? params.id : undefined);
  if (id !== null && !isDatabaseId(String(id))) throw data("Product not found", { status: 404 });
  const stored = id === null ? null : await app.services.catalog.getToyForEditing(id);
  if (id !== null && !stored) throw data("Product not found", { status: 404 });
  const submission = parseWithZod(await request.formData(), { schema: productFormSchema(stored) });
  if (submission.status !== "success") {
    return data<ProductActionData>({ result: submission.reply() }, { status: 400 });
  }
  const { productEditor } = app.services;
  let saved: unknown;
  try {
    const { slug, ...product } = submission.value;
    saved = stored
      ? await productEditor.update(stored.id, product, { slug })
      : await productEditor.create(product, { slug });
  } catch (error) {
    const refusal = serviceRefusal(error, productFormFields.keyof().options);
    if (!refusal) throw error;
    return data<ProductActionData>({ result: submission.reply(refusal.errors) }, { status: refusal.status });
  }
  // deleted while the form was open
  if (!saved) throw data("Product not found", { status: 404 });
  return redirect("/admin/products");
}

/** /admin/products/new and /admin/products/{id}: the product form, and in edit mode the live breed editor. */
export default function AdminProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { toy, breedLinks, breeds, categories, priceHistory } = loaderData;
  const editing = toy !== null;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
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
        <ProductForm
          key={toy?.id ?? "new"}
          toy={toy}
          categories={categories}
          breeds={breeds}
          priceHistory={priceHistory}
          actionData={actionData}
        />
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
  return <AdminNotFound error={error} thing="Product" back={{ to: "/admin/products", label: "Back to Products" }} />;
}
