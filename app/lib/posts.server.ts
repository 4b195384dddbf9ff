import { data, redirect } from "react-router";
import { postPath } from "#domain/post-links.ts";
import type { RenderedPost } from "#domain/posts.ts";
import type { AppContext } from "./app-context.server";
import { settle } from "./result";

// Server-side loads shared by the post routes (the markdown is rendered by the content
// service, so the renderer stays out of the browser bundle).

/** Every post for the list pages, or the list's error state. */
export async function loadPostList(context: AppContext) {
  return {
    posts: await settle(
      () => context.services.content.listPosts(),
      (error) => context.logger.error({ err: error }, "listing posts failed"),
    ),
  };
}

/**
 * One post with its body rendered to safe HTML; 404 when there is none, 500 (not cached)
 * when loading failed. Any post type opens on either detail page (the spec does not filter).
 */
export async function loadPostDetail(context: AppContext, slug: string) {
  // Rendered once and reused from the read cache: markdown is the costly part of the page.
  const found = await settle(
    () => context.services.content.getRenderedPostBySlug(slug),
    (error) => context.logger.error({ err: error, slug }, "loading a post failed"),
  );
  if (!found.ok) return data({ post: null }, { status: 500, headers: { "Cache-Control": "no-store" } });
  if (!found.data) {
    // an earlier slug of a post keeps working: a permanent redirect to where it lives now
    const moved = await context.services.content.findMovedPost(slug);
    if (moved) throw redirect(postPath(moved), 301);
    return data({ post: null }, { status: 404 });
  }
  const post: RenderedPost = found.data;
  return { post };
}
