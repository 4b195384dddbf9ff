import { type ShouldRevalidateFunction, useSearchParams } from "react-router";
import { PostGrid, PostListPage, PostListState } from "#app/components/post-list.tsx";
import { Tabs } from "#app/components/ui/tabs.tsx";
import { fetchResult } from "#app/lib/api.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { loadPostList } from "#app/lib/posts.server.ts";
import { seoMeta, siteUrlFrom } from "#app/lib/seo.ts";
import type { PostSummary } from "#domain/posts.ts";
import type { Route } from "./+types/resources";

const TABS = [
  { value: "all", label: "All Resources", empty: "No resources found.", shows: () => true },
  {
    value: "reviews",
    label: "Reviews",
    empty: "No reviews found.",
    shows: (post: PostSummary) => post.postType === "review",
  },
  {
    value: "guides",
    label: "Guides",
    empty: "No guides found.",
    shows: (post: PostSummary) => post.postType === "guide",
  },
] as const;

type TabValue = (typeof TABS)[number]["value"];

function tabFrom(param: string | null): TabValue {
  return TABS.find((tab) => tab.value === param)?.value ?? "all";
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: pageTitle("Reviews & Guides"),
    description: "In-depth dog toy reviews and practical guides from the Pawsome Picks team.",
    path: "/resources",
    siteUrl: siteUrlFrom(matches),
  });

export function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return loadPostList(app);
}

// A client-side navigation makes the spec's GET /api/posts, with its loading and error states;
// the first view is the server's list, final.
export function clientLoader() {
  return { posts: fetchResult<PostSummary[]>("/api/posts") };
}

// Switching tabs only changes `?tab=`: the list on screen is already the whole list.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) => {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutTab = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("tab");
    return params.toString();
  };
  return withoutTab(currentUrl) === withoutTab(nextUrl) ? false : defaultShouldRevalidate;
};

export default function Resources({ loaderData }: Route.ComponentProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFrom(searchParams.get("tab"));
  const current = TABS.find((item) => item.value === tab) ?? TABS[0];

  // The tab lives in the address, so the view can be shared and Back returns to it.
  function selectTab(next: TabValue) {
    setSearchParams(next === "all" ? {} : { tab: next }, { replace: true, preventScrollReset: true });
  }

  return (
    <PostListPage
      title="Dog Toy Resources"
      intro="Honest, hands-on reviews and practical guides to help you choose safe, fun toys for your dog."
    >
      <PostListState
        posts={loaderData.posts}
        loadingText="Loading resources..."
        errorText="Failed to load resources. Please try again later."
      >
        {(posts) => (
          <Tabs
            items={TABS.map(({ value, label }) => ({
              value,
              label,
              href: value === "all" ? "/resources" : `/resources?tab=${value}`,
            }))}
            value={tab}
            onSelect={selectTab}
            label="Resource type"
            listClassName="flex w-full gap-1 rounded-xl bg-stone-100 p-1 sm:inline-flex sm:w-auto"
            tabClassName="flex-auto whitespace-nowrap rounded-lg px-3 py-2 text-center text-sm font-bold text-muted transition-colors hover:text-ink data-[state=active]:bg-white data-[state=active]:text-primary data-[state=active]:shadow-sm sm:px-5"
            panelClassName="mt-8"
          >
            <PostGrid posts={posts.filter(current.shows)} heading={current.label} emptyText={current.empty} />
          </Tabs>
        )}
      </PostListState>
    </PostListPage>
  );
}
