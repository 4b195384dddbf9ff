import { PostGrid, PostListPage, PostListState } from "#app/components/post-list.tsx";
import { fetchResult } from "#app/lib/api.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { loadPostList } from "#app/lib/posts.server.ts";
import { seoMeta, siteUrlFrom } from "#app/lib/seo.ts";
import type { PostSummary } from "#domain/posts.ts";
import type { Route } from "./+types/guides";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: pageTitle("Guides"),
    description: "Practical guides for choosing safe, fun dog toys from the Pawsome Picks team.",
    path: "/guides",
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

export default function Guides({ loaderData }: Route.ComponentProps) {
  return (
    <PostListPage title="Dog Toy Guides" intro="Practical advice for choosing, using and caring for your dog's toys.">
      <PostListState
        posts={loaderData.posts}
        loadingText="Loading guides..."
        errorText="Failed to load guides. Please try again later."
      >
        {(posts) => (
          <PostGrid
            posts={posts.filter((post) => post.postType === "guide")}
            heading="All guides"
            emptyText="No guides found."
          />
        )}
      </PostListState>
    </PostListPage>
  );
}
