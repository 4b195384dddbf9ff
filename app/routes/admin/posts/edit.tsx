import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { AdminNotFound, adminErrorTitle } from "#app/components/admin/admin-not-found.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { PostForm } from "#app/components/admin/posts/post-form.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { isDatabaseId } from "#domain/ids.ts";
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
    id === undefined ? null : isDatabaseId(id) ? await context.services.content.getPostById(Number(id)) : null;
  if (id !== undefined && !post) throw data("Post not found", { status: 404 });
  const categories = await loadCategories;
  return { post, categories: categories.ok ? categories.data : [] };
}

/** The post editor: create mode without an id, edit mode with one. */
export default function AdminPostEdit({ loaderData }: Route.ComponentProps) {
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
        <PostForm key={post?.id ?? "new"} post={post} categories={categories} />
      </div>
    </div>
  );
}

/** A post id with no post (deleted, or mistyped): said inside the admin shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminNotFound error={error} thing="Post" back={{ to: "/admin/posts", label: "Back to Posts" }} />;
}
