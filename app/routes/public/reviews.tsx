import type { PostSummary } from "../../../domain/posts";
import { isReviewListed, PostGrid, PostListPage, PostListState } from "../../components/post-list";
import { fetchResult } from "../../lib/api";
import { pageTitle } from "../../lib/page-title";
import { loadPostList } from "../../lib/posts.server";
import { seoMeta, siteUrlFrom } from "../../lib/seo";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: pageTitle("Reviews"),
    description: "Hands-on dog toy reviews and comparisons from the Pawsome Picks team.",
    path: "/reviews",
    siteUrl: siteUrlFrom(matches),
  });

export function loader({ context }: Route.LoaderArgs) {
  return loadPostList(context);
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
