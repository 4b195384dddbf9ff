import {
  GUIDES_SECTION,
  PostArticle,
  PostDetailState,
  postDetailHeaders,
  postDetailMeta,
  settledPost,
} from "#app/components/post-detail.tsx";
import { appContext } from "#app/lib/app-context.server.ts";
import { loadPostDetail } from "#app/lib/posts.server.ts";
import { siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/guide-detail";

export const meta: Route.MetaFunction = ({ loaderData: loaded, matches }) =>
  postDetailMeta(settledPost(loaded), GUIDES_SECTION, siteUrlFrom(matches));

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

export default function GuideDetail({ loaderData }: Route.ComponentProps) {
  return (
    <PostDetailState post={loaderData.post} section={GUIDES_SECTION}>
      {(post) => (
        <PostArticle post={post} section={GUIDES_SECTION} badge="Guide" badgeClass="bg-amber-100 text-amber-900" />
      )}
    </PostDetailState>
  );
}
