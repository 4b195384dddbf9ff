import * as Tabs from "@radix-ui/react-tabs";
import { useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import type { PostSummary } from "../../../domain/posts";
import { PostGrid, PostListPage, PostListState } from "../../components/post-list";
import { fetchResult } from "../../lib/api";
import { pageTitle } from "../../lib/page-title";
import { loadPostList } from "../../lib/posts.server";
import { seoMeta, siteUrlFrom } from "../../lib/seo";
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
  return loadPostList(context);
}

// The browser makes the spec's GET /api/posts itself (also right after hydration), so
// the page has the spec's loading and error states; the server's list shows meanwhile.
export function clientLoader() {
  return { posts: fetchResult<PostSummary[]>("/api/posts") };
}
clientLoader.hydrate = true as const;

export default function Resources({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const tabParam = searchParams.get("tab");
  const [tab, setTab] = useState<TabValue>(() => tabFrom(tabParam));

  // A link to /resources?tab=... is a new navigation: it decides the tab again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key marks a new navigation
  useEffect(() => {
    setTab(tabFrom(tabParam));
  }, [tabParam, location.key]);

  // The tab goes into the address so the view can be shared, without a router
  // navigation: that would reload every loader on each tab switch.
  function selectTab(value: string) {
    const next = tabFrom(value);
    setTab(next);
    const url = new URL(window.location.href);
    if (next === "all") url.searchParams.delete("tab");
    else url.searchParams.set("tab", next);
    window.history.replaceState(window.history.state, "", url);
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
          <Tabs.Root value={tab} onValueChange={selectTab}>
            <Tabs.List
              aria-label="Resource type"
              className="flex w-full gap-1 rounded-xl bg-stone-100 p-1 sm:inline-flex sm:w-auto"
            >
              {TABS.map((item) => (
                <Tabs.Trigger
                  key={item.value}
                  value={item.value}
                  className="flex-auto whitespace-nowrap rounded-lg px-3 py-2 text-sm font-bold text-muted transition-colors hover:text-ink data-[state=active]:bg-white data-[state=active]:text-primary data-[state=active]:shadow-sm sm:px-5"
                >
                  {item.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {TABS.map((item) => (
              <Tabs.Content key={item.value} value={item.value} className="mt-8">
                <PostGrid posts={posts.filter(item.shows)} heading={item.label} emptyText={item.empty} />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        )}
      </PostListState>
    </PostListPage>
  );
}
