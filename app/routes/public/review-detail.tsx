import { data } from "react-router";
import { renderMarkdown } from "../../../domain/markdown";
import { postTypeLabel } from "../../../domain/posts";
import {
  PostArticle,
  PostDetailState,
  type PostView,
  postDetailHeaders,
  postDetailMeta,
  REVIEWS_SECTION,
  settledPost,
} from "../../components/post-detail";
import { settle } from "../../lib/result";
import { siteUrlFrom } from "../../lib/seo";
import type { Route } from "./+types/review-detail";

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  postDetailMeta(settledPost(loaded), REVIEWS_SECTION, siteUrlFrom(matches));

export const headers: Route.HeadersFunction = postDetailHeaders;

// Any post opens here, whatever its type (spec: the detail pages do not filter by postType).
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await settle(
    () => context.services.content.getPostBySlug(params.slug),
    (error) => console.error(`loading post ${params.slug} failed`, error),
  );
  if (!found.ok) return data({ post: null }, { status: 500, headers: { "Cache-Control": "no-store" } });
  if (!found.data) return data({ post: null }, { status: 404 });
  const { content, ...summary } = found.data;
  const post: PostView = { ...summary, html: renderMarkdown(content) };
  return { post };
}

// Browser navigations show a spinner while the post loads; a failed load is "not found".
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return {
    post: serverLoader().then(
      (loaded) => loaded.post,
      () => null,
    ),
  };
}

export default function ReviewDetail({ loaderData }: Route.ComponentProps) {
  return (
    <PostDetailState post={loaderData.post} section={REVIEWS_SECTION}>
      {(post) => (
        <PostArticle
          post={post}
          section={REVIEWS_SECTION}
          badge={postTypeLabel(post.postType)}
          badgeClass="bg-primary text-white"
          schemaType={post.postType === "review" ? "Review" : "Article"}
        />
      )}
    </PostDetailState>
  );
}
