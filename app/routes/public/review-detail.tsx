import {
  PostArticle,
  PostDetailState,
  postDetailHeaders,
  postDetailMeta,
  REVIEWS_SECTION,
  settledPost,
} from "#app/components/post-detail.tsx";
import { appContext } from "#app/lib/app-context.server.ts";
import { loadPostDetail } from "#app/lib/posts.server.ts";
import { siteUrlFrom } from "#app/lib/seo.ts";
import { postTypeLabel } from "#domain/post-links.ts";
import type { Route } from "./+types/review-detail";

export const meta: Route.MetaFunction = ({ loaderData: loaded, matches }) =>
  postDetailMeta(settledPost(loaded), REVIEWS_SECTION, siteUrlFrom(matches));

export const headers: Route.HeadersFunction = postDetailHeaders;

export function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return loadPostDetail(app, params.slug);
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
        />
      )}
    </PostDetailState>
  );
}
