import type { PostInput } from "../../../domain/post-form";
import type { Post, PostSummary } from "../../../domain/posts";
import { ApiError, getJson } from "../../lib/api";

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

/** The spec's delete question for one post. */
export function deleteQuestion(title: string): string {
  return `Are you sure you want to delete ${title}? This action cannot be undone.`;
}

/** Per-field messages of a 400/409 answer: `{ field: [messages] }`. */
export type ServerFieldErrors = Record<string, string[]>;

/** A failed write: the sentence for the toast, plus the per-field messages when the server sent them. */
export class PostWriteError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly fieldErrors: ServerFieldErrors = {},
  ) {
    super(message);
  }
}

function parseJson(raw: string): { message?: unknown; errors?: unknown } {
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}

function fieldErrorsOf(errors: unknown): ServerFieldErrors {
  const out: ServerFieldErrors = {};
  if (!errors || typeof errors !== "object") return out;
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === "string");
  }
  return out;
}

/** The "{error}" part of a failure toast: the server's sentence when it gave one. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return POST_TEXT.unknownError;
}

async function write(path: string, method: "POST" | "PATCH" | "DELETE", body?: unknown): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "include",
      headers: { "Content-Type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    console.error(`${method} ${path} failed`, error);
    throw new PostWriteError("Could not reach the server. Check your connection and try again.", null);
  }
  if (res.ok) return res;
  const raw = await res.text().catch(() => "");
  const parsed = parseJson(raw);
  const message = typeof parsed.message === "string" && parsed.message ? parsed.message : undefined;
  console.error(`${method} ${path} failed`, new ApiError(res.status, raw, res.statusText).message);
  throw new PostWriteError(
    message ?? new ApiError(res.status, raw, res.statusText).message,
    res.status,
    fieldErrorsOf(parsed.errors),
  );
}

/** POST /api/posts (no id) or PATCH /api/posts/{id}; the stored post. */
export async function savePost(id: number | null, input: PostInput): Promise<Post> {
  const res = id === null ? await write("/api/posts", "POST", input) : await write(`/api/posts/${id}`, "PATCH", input);
  return (await res.json()) as Post;
}

/** DELETE /api/posts/{id}. */
export async function deletePost(id: number): Promise<void> {
  await write(`/api/posts/${id}`, "DELETE");
}

/** GET /api/posts: every post's summary. */
export function fetchPosts(): Promise<PostSummary[]> {
  return getJson<PostSummary[]>("/api/posts");
}
