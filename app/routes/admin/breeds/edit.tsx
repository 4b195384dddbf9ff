import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { AdminNotFound, adminErrorTitle } from "#app/components/admin/admin-not-found.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { serviceRefusal } from "#app/components/form/service-refusal.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { breedInputSchema } from "#domain/breed-form.ts";
import { isDatabaseId } from "#domain/ids.ts";
import type { Route } from "./+types/edit";
import { type BreedActionData, BreedForm } from "./breed-form.tsx";

/** The breed's id, or null on /admin/breeds/new (which has no id parameter). */
function idFrom(params: Record<string, string | undefined>): number | null | "invalid" {
  if (params.id === undefined) return null;
  return isDatabaseId(params.id) ? Number(params.id) : "invalid";
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [
  { title: pageTitle(error ? adminErrorTitle(error, "Breed") : loaderData?.breed ? "Edit Breed" : "Add Breed") },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const id = idFrom(params);
  if (id === "invalid") throw data("Breed not found", { status: 404 });
  const breed = id === null ? null : await app.services.breedEditor.getForAdmin(id);
  if (id !== null && !breed) throw data("Breed not found", { status: 404 });
  return { breed };
}

// The form posted before the page's scripts ran: the same schema and service as
// POST /api/breeds and PATCH /api/breeds/{id}.
export async function action({ context, params, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const id = idFrom(params);
  if (id === "invalid") throw data("Breed not found", { status: 404 });
  const submission = parseWithZod(await request.formData(), { schema: breedInputSchema });
  if (submission.status !== "success") {
    return data<BreedActionData>({ result: submission.reply() }, { status: 400 });
  }
  const { breedEditor } = app.services;
  let saved: unknown;
  try {
    saved = id === null ? await breedEditor.create(submission.value) : await breedEditor.update(id, submission.value);
  } catch (error) {
    const refusal = serviceRefusal(error, breedInputSchema.keyof().options);
    if (!refusal) throw error;
    return data<BreedActionData>({ result: submission.reply(refusal.errors) }, { status: refusal.status });
  }
  // deleted while the form was open
  if (!saved) throw data("Breed not found", { status: 404 });
  return redirect("/admin/breeds");
}

/** /admin/breeds/new and /admin/breeds/{id}: the breed form. */
export default function AdminBreedEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { breed } = loaderData;
  const editing = breed !== null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[
          { label: "Dashboard", to: "/admin/dashboard" },
          { label: "Breeds", to: "/admin/breeds" },
          { label: editing ? "Edit Breed" : "New Breed" },
        ]}
        title={editing ? "Edit Breed" : "Add Breed"}
        subtitle={
          editing
            ? `${breed.recommendationCount} ${breed.recommendationCount === 1 ? "product is" : "products are"} recommended for this breed`
            : "A breed with its own page and toy recommendations"
        }
      />
      <div className="mt-8">
        <BreedForm key={breed?.id ?? "new"} breed={breed} actionData={actionData} />
      </div>
    </div>
  );
}

/** A breed id with no breed (deleted, or mistyped): said inside the admin shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminNotFound error={error} thing="Breed" back={{ to: "/admin/breeds", label: "Back to Breeds" }} />;
}
