import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { AdminNotFound, adminErrorTitle } from "#app/components/admin/admin-not-found.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { serviceRefusal } from "#app/components/form/service-refusal.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { categoryFormSchema } from "#domain/category-form.ts";
import { isDatabaseId } from "#domain/ids.ts";
import type { Route } from "./+types/edit";
import { type CategoryActionData, CategoryForm } from "./category-form.tsx";

/** The category's id, or null on /admin/categories/new (which has no id parameter). */
function idFrom(params: Record<string, string | undefined>): number | null | "invalid" {
  if (params.id === undefined) return null;
  return isDatabaseId(params.id) ? Number(params.id) : "invalid";
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [
  {
    title: pageTitle(
      error ? adminErrorTitle(error, "Category") : loaderData?.category ? "Edit Category" : "Add Category",
    ),
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const id = idFrom(params);
  if (id === "invalid") throw data("Category not found", { status: 404 });
  const category = id === null ? null : await app.services.categoryEditor.getForAdmin(id);
  if (id !== null && !category) throw data("Category not found", { status: 404 });
  return { category };
}

// The form posted before the page's scripts ran: the same schema and service as
// POST /api/categories and PATCH /api/categories/{id}.
export async function action({ context, params, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const id = idFrom(params);
  if (id === "invalid") throw data("Category not found", { status: 404 });
  const submission = parseWithZod(await request.formData(), { schema: categoryFormSchema });
  if (submission.status !== "success") {
    return data<CategoryActionData>({ result: submission.reply() }, { status: 400 });
  }
  const { categoryEditor } = app.services;
  let saved: unknown;
  try {
    saved =
      id === null ? await categoryEditor.create(submission.value) : await categoryEditor.update(id, submission.value);
  } catch (error) {
    const refusal = serviceRefusal(error, categoryFormSchema.keyof().options);
    if (!refusal) throw error;
    return data<CategoryActionData>({ result: submission.reply(refusal.errors) }, { status: refusal.status });
  }
  // deleted while the form was open
  if (!saved) throw data("Category not found", { status: 404 });
  return redirect("/admin/categories");
}

/** /admin/categories/new and /admin/categories/{id}: the category form. */
export default function AdminCategoryEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { category } = loaderData;
  const editing = category !== null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[
          { label: "Dashboard", to: "/admin/dashboard" },
          { label: "Categories", to: "/admin/categories" },
          { label: editing ? "Edit Category" : "New Category" },
        ]}
        title={editing ? "Edit Category" : "Add Category"}
        subtitle={
          editing
            ? `${category.productCount} ${category.productCount === 1 ? "product has" : "products have"} this category`
            : "A new kind of toy for the catalogue and the home page"
        }
      />
      <div className="mt-8">
        {/* Keyed by category, so moving between categories starts from the stored values. */}
        <CategoryForm key={category?.id ?? "new"} category={category} actionData={actionData} />
      </div>
    </div>
  );
}

/** A category id with no category (deleted, or mistyped): said inside the admin shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminNotFound error={error} thing="Category" back={{ to: "/admin/categories", label: "Back to Categories" }} />
  );
}
