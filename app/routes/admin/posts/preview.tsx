import EyeNode from "lucide/dist/esm/icons/eye.mjs";
import { data, Link } from "react-router";
import { GUIDES_SECTION, PostArticle, REVIEWS_SECTION } from "#app/components/post-detail.tsx";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { isDatabaseId } from "#domain/ids.ts";
import { postTypeLabel } from "#domain/post-links.ts";
import { postStatusLabel } from "#domain/posts.ts";
import type { Route } from "./+types/preview";

const Eye = icon("eye", EyeNode);

// The owner's preview (issue 18): any post outside the trash, in any status, on the real
// public page layout, at an admin-only address. Never indexed, never kept by a cache.
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const post = isDatabaseId(params.id) ? await app.services.content.getRenderedPostForPreview(Number(params.id)) : null;
  if (!post) throw data("Post not found", { status: 404 });
  return { post };
}

export const meta: Route.MetaFunction = ({ loaderData: loaded }) => [
  { title: pageTitle(loaded ? `Preview: ${loaded.post.title}` : "Post Not Found") },
  { name: "robots", content: "noindex" },
];

export default function PostPreview({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const section = post.postType === "guide" ? GUIDES_SECTION : REVIEWS_SECTION;
  return (
    <>
      <div role="status" className="border-b border-amber-300 bg-amber-50">
        <p className="mx-auto flex max-w-4xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm text-amber-950 sm:px-6 lg:px-8">
          <Eye className="size-4" aria-hidden="true" />
          <strong className="font-bold">{`Preview (${postStatusLabel(post.status)})`}</strong>
          <span>Only you see this page. Visitors see a post once it is published.</span>
          <Link to={`/admin/posts/${post.id}`} className="font-bold underline underline-offset-2">
            Back to the editor
          </Link>
        </p>
      </div>
      <PostArticle
        post={post}
        section={section}
        badge={post.postType === "guide" ? "Guide" : postTypeLabel(post.postType)}
        badgeClass={post.postType === "guide" ? "bg-amber-100 text-amber-900" : "bg-primary text-white"}
      />
    </>
  );
}
