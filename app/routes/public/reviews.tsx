import { isReviewListed, PostGrid, PostListPage, PostListState } from "#app/components/post-list.tsx";
import { fetchResult } from "#app/lib/api.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { loadPostList } from "#app/lib/posts.server.ts";
import { seoMeta, siteUrlFrom } from "#app/lib/seo.ts";
import type { PostSummary } from "#domain/posts.ts";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: pageTitle("Reviews"),
    description: "Hands-on dog toy reviews and comparisons from the Pawsome Picks team.",
    path: "/reviews",
    siteUrl: siteUrlFrom(matches),
  });

export function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return loadPostList(app);
}

// Same data flow as /resources: the server's list on the first view, GET /api/posts after a
// client-side navigation.
export function clientLoader() {
  return { posts: fetchResult<PostSummary[]>("/api/posts") };
}

export default function Reviews({ loaderData }: Route.ComponentProps) {
  return (
    <PostListPage
      title="Dog Toy Reviews"
      intro="Hands-on reviews and head-to-head comparisons of the toys we have tested with real dogs."
    >
      <PostListState
        posts={loaderData.posts}
        loadingText="Loading reviews..."
        errorText="Failed to load reviews. Please try again later."
      >
        {(posts) => (
          <PostGrid posts={posts.filter(isReviewListed)} heading="All reviews" emptyText="No reviews found." />
        )}
      </PostListState>
    </PostListPage>
  );
}
