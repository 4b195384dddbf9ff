import { ApiError, callApi } from "#app/lib/api.ts";
import type { PostWrite } from "#domain/post-form.ts";
import type { Post } from "#domain/posts.ts";

// The admin's post calls (spec §7) and the words of their toasts (spec §8 "Post").

export const POST_TEXT = {
  errorTitle: "Error",
  deletedTitle: "Post deleted",
  createdTitle: "Post created",
  updatedTitle: "Post updated",
  deleteFailed: "Failed to delete post: ",
  createFailed: "Failed to create post: ",
  updateFailed: "Failed to update post: ",
  deleteDialogTitle: "Delete Post",
  searchEmpty: "No posts match your search",
  listEmpty: "No posts found. Create your first post!",
  unknownError: "An unknown error occurred",
} as const;

/** The "{error}" part of a failure toast: the server's sentence when it gave one. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.detail;
  if (error instanceof Error && error.message) return error.message;
  return POST_TEXT.unknownError;
}

/** POST /api/posts (no id) or PATCH /api/posts/{id}; the stored post. */
export async function savePost(id: number | null, input: PostWrite): Promise<Post> {
  const saved =
    id === null
      ? (await callApi<Post | null>("POST", "/api/posts", { json: input })).data
      : (await callApi<Post | null>("PATCH", `/api/posts/${id}`, { json: input })).data;
  if (!saved) throw new Error("The server answered without the saved post");
  return saved;
}

/** DELETE /api/posts/{id}. */
export async function deletePost(id: number): Promise<void> {
  await callApi("DELETE", `/api/posts/${id}`);
}
