import { ArrowLeft, ChevronRight, FileQuestion } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { isDatabaseId } from "../../../domain/ids";
import { PostForm } from "../../components/admin/post-form";
import { buttonClass } from "../../components/ui/button";
import { pageTitle } from "../../lib/page-title";
import { settle } from "../../lib/result";
import type { Route } from "./+types/post-edit";

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const title = !loaded?.found ? "Post Not Found" : loaded.post ? `Edit Post: ${loaded.post.title}` : "New Post";
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
};

/**
 * /admin/posts/new (no id) and /admin/posts/{id}: the post to edit (404 when there is none)
 * and the categories for the select.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  // The layout's guard redirects first; this check keeps drafts private even if the route moves.
  if (!context.session) throw redirect("/admin/login");
  const loadCategories = settle(
    () => context.services.catalog.listCategories(),
    (error) => context.logger.error({ err: error }, "listing categories for the post form failed"),
  );
  const id = "id" in params ? params.id : undefined;
  if (id === undefined) {
    const categories = await loadCategories;
    return { found: true as const, post: null, categories: categories.ok ? categories.data : [] };
  }
  const post = isDatabaseId(id) ? await context.services.content.getPostById(Number(id)) : null;
  if (!post) return data({ found: false as const, post: null, categories: [] }, { status: 404 });
  const categories = await loadCategories;
  return { found: true as const, post, categories: categories.ok ? categories.data : [] };
}

/** The post editor: create mode without an id, edit mode with one. */
export default function AdminPostEdit({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <PostNotFound />;
  const { post, categories } = loaderData;
  const heading = post ? "Edit Post" : "Create New Post";

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to="/admin/dashboard" className="hover:text-primary hover:underline">
              Dashboard
            </Link>
          </li>
          <li className="flex items-center gap-1.5">
            <ChevronRight className="size-4" aria-hidden="true" />
            <Link to="/admin/posts" className="hover:text-primary hover:underline">
              Posts
            </Link>
          </li>
          <li className="flex items-center gap-1.5">
            <ChevronRight className="size-4" aria-hidden="true" />
            <span aria-current="page">{post ? "Edit Post" : "New Post"}</span>
          </li>
        </ol>
      </nav>

      <div className="mt-4 mb-8 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 id="post-form-heading" className="text-3xl font-extrabold tracking-tight">
            {heading}
          </h1>
          <p className="mt-1 break-words text-muted">
            {post ? `Editing "${post.title}"` : "Write a new review, guide or comparison"}
          </p>
        </div>
        <Link to="/admin/posts" className={buttonClass("secondary", "md")}>
          <ArrowLeft className="size-5" aria-hidden="true" />
          Back to Posts
        </Link>
      </div>

      {/* A fresh form per post: moving from one post to another must not keep the old values. */}
      <PostForm key={post?.id ?? "new"} post={post} categories={categories} />
    </div>
  );
}

function PostNotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <FileQuestion className="mx-auto size-14 text-primary" aria-hidden="true" />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight">Post Not Found</h1>
      <p className="mt-4 text-lg text-muted">There is no post with this id. It may have been deleted.</p>
      <Link to="/admin/posts" className={buttonClass("primary", "md", "mt-8")}>
        <ArrowLeft className="size-5" aria-hidden="true" />
        Back to Posts
      </Link>
    </section>
  );
}
