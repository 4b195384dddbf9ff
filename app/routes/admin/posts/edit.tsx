import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { AdminNotFound, adminErrorTitle } from "#app/components/admin/admin-not-found.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { type PostActionData, PostForm } from "#app/components/admin/posts/post-form.tsx";
import { serviceRefusal } from "#app/components/form/service-refusal.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { isDatabaseId } from "#domain/ids.ts";
import { postExtrasSchema } from "#domain/post-extras.ts";
import { postFormFields, postFormSchema } from "#domain/post-form.ts";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ data: loaded, error }) => {
  const title = error ? adminErrorTitle(error, "Post") : loaded?.post ? `Edit Post: ${loaded.post.title}` : "New Post";
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
};

/**
 * /admin/posts/new (no id) and /admin/posts/{id}: the post to edit (404 when there is none)
 * and the categories for the select.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const loadCategories = settle(
    () => context.services.catalog.listCategories(),
    (error) => context.logger.error({ err: error }, "listing categories for the post form failed"),
  );
  const id = "id" in params ? params.id : undefined;
  const post =
    id === undefined ? null : isDatabaseId(id) ? await context.services.content.getPostForEditing(Number(id)) : null;
  if (id !== undefined && !post) throw data("Post not found", { status: 404 });
  const categories = await loadCategories;
  return { post, categories: categories.ok ? categories.data : [] };
}

// The form posted before the page's scripts ran: the same schema as the browser's (the day read
// in UTC, as the page showed it) and the same service as POST/PATCH /api/posts. Like those
// calls with the form's fields, a new post gets the defaults of what the form does not show
// (review, status, meta) and an edited one keeps its own.
export async function action({ params, request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const id = "id" in params ? params.id : undefined;
  const stored =
    id === undefined ? null : isDatabaseId(id) ? await context.services.content.getPostForEditing(Number(id)) : null;
  if (id !== undefined && !stored) throw data("Post not found", { status: 404 });
  const submission = parseWithZod(await request.formData(), {
    schema: postFormSchema({ zone: "utc", storedPublishedAt: stored?.publishedAt ?? null }),
  });
  if (submission.status !== "success") {
    return data<PostActionData>({ result: submission.reply() }, { status: 400 });
  }
  const post = { ...submission.value, ...postExtrasSchema.parse(stored ?? {}) };
  try {
    if (stored) await context.services.postEditor.update(stored.id, post);
    else await context.services.postEditor.create(post);
  } catch (error) {
    const refusal = serviceRefusal(error, postFormFields.keyof().options);
    if (!refusal) throw error;
    return data<PostActionData>({ result: submission.reply(refusal.errors) }, { status: refusal.status });
  }
  return redirect("/admin/posts");
}

/** The post editor: create mode without an id, edit mode with one. */
export default function AdminPostEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { post, categories } = loaderData;
  const heading = post ? "Edit Post" : "Create New Post";

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[
          { label: "Dashboard", to: "/admin/dashboard" },
          { label: "Posts", to: "/admin/posts" },
          { label: post ? "Edit Post" : "New Post" },
        ]}
        title={heading}
        headingId="post-form-heading"
        subtitle={post ? `Editing "${post.title}"` : "Write a new review, guide or comparison"}
        actions={
          <Link to="/admin/posts" className={buttonClass("secondary", "md")}>
            <ArrowLeft className="size-5" aria-hidden="true" />
            Back to Posts
          </Link>
        }
      />

      {/* A fresh form per post: moving from one post to another must not keep the old values. */}
      <div className="mt-8">
        <PostForm key={post?.id ?? "new"} post={post} categories={categories} actionData={actionData} />
      </div>
    </div>
  );
}

/** A post id with no post (deleted, or mistyped): said inside the admin shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminNotFound error={error} thing="Post" back={{ to: "/admin/posts", label: "Back to Posts" }} />;
}
