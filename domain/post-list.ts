import { z } from "zod";
import { MAX_DATABASE_ID } from "./ids";
import { POST_STATUSES, POST_TYPES, type PostStatus, type PostType } from "./posts";
import { wireSchema } from "./wire-schema";

// The admin posts list (issues 18 and 26): its filters, order and page live in the URL and run
// in the database, one page at a time; and what can be done to several posts at once. A
// parameter that does not parse is left out rather than failing the page.

/** Posts per page of the admin list. */
export const POST_LIST_PAGE_SIZE = 50;
export const MAX_POST_SEARCH = 100;
const MAX_PAGE = 1_000_000;

/** The list's sortable columns, as `?sort=` names them. */
export const POST_LIST_SORTS = ["title", "type", "published", "readingTime"] as const;
export type PostListSort = (typeof POST_LIST_SORTS)[number];

/** What the admin posts list shows: all optional, defaults left out. */
export interface PostListFilters {
  q?: string;
  status?: PostStatus;
  type?: PostType;
  /** a category's id, or "none" for posts without one */
  category?: number | "none";
  sort?: PostListSort;
  dir?: "asc" | "desc";
  page?: number;
}

/** The direction a column sorts in when first clicked: text A-Z, dates and numbers highest first. */
export function defaultDirection(sort: PostListSort): "asc" | "desc" {
  return sort === "title" || sort === "type" ? "asc" : "desc";
}

/** Reads the list's view from a URL's parameters leniently: what does not parse is left out. */
export function postListFiltersFrom(params: URLSearchParams): PostListFilters {
  const filters: PostListFilters = {};
  const q = (params.get("q") ?? "").trim().slice(0, MAX_POST_SEARCH);
  if (q) filters.q = q;
  const status = POST_STATUSES.find((s) => s === params.get("status"));
  if (status) filters.status = status;
  const type = POST_TYPES.find((t) => t === params.get("type"));
  if (type) filters.type = type;
  const category = params.get("category") ?? "";
  if (category === "none") filters.category = "none";
  else if (/^\d{1,10}$/.test(category) && Number(category) >= 1 && Number(category) <= MAX_DATABASE_ID) {
    filters.category = Number(category);
  }
  const sort = POST_LIST_SORTS.find((key) => key === params.get("sort"));
  if (sort) filters.sort = sort;
  const dir = params.get("dir");
  if (dir === "asc" || dir === "desc") filters.dir = dir;
  const page = params.get("page") ?? "";
  if (/^\d{1,7}$/.test(page) && Number(page) > 1) filters.page = Math.min(Number(page), MAX_PAGE);
  return filters;
}

/** The URL parameters of a view, in one order and without page 1 (so one view has one address). */
export function postListParams(filters: PostListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.type) params.set("type", filters.type);
  if (filters.category !== undefined) params.set("category", String(filters.category));
  if (filters.sort) params.set("sort", filters.sort);
  if (filters.dir) params.set("dir", filters.dir);
  if (filters.page !== undefined && filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** True when the list is narrowed (the empty text then says nothing matched). */
export function postListFiltered(filters: PostListFilters): boolean {
  return Boolean(filters.q || filters.status || filters.type || filters.category !== undefined);
}

export const POST_BULK_ACTIONS = [
  { value: "publish", label: "Publish" },
  { value: "unpublish", label: "Unpublish" },
  { value: "delete", label: "Move to Trash" },
] as const;
export type PostBulkAction = (typeof POST_BULK_ACTIONS)[number]["value"];
const BULK_VALUES = POST_BULK_ACTIONS.map((action) => action.value) as [PostBulkAction, ...PostBulkAction[]];
export const MAX_POST_BULK_IDS = 500;

/** POST /api/posts/bulk and the list's bulk form: one action on up to MAX_POST_BULK_IDS posts. */
export const postBulkSchema = wireSchema(() =>
  z.object({
    ids: z
      .array(
        z.number("Each id must be a post id").int("Each id must be a post id").positive().max(MAX_DATABASE_ID),
        "Select at least one post",
      )
      .min(1, "Select at least one post")
      .max(MAX_POST_BULK_IDS, `Select at most ${MAX_POST_BULK_IDS} posts at a time`),
    action: z.enum(BULK_VALUES, { error: `action must be one of ${BULK_VALUES.join(", ")}` }),
  }),
);
export type PostBulkInput = z.output<typeof postBulkSchema>;

/**
 * What a bulk action answers: the action, how many posts were chosen, and the ones it changed
 * (publishing a published post or unpublishing a draft changes nothing).
 */
export const postBulkResultSchema = wireSchema(() =>
  z.object({
    action: z.enum(BULK_VALUES),
    selected: z.number().int().nonnegative(),
    changed: z.array(
      z.object({
        id: z.number().int().positive(),
        title: z.string(),
        /** published with a date still ahead: it goes live by itself then */
        scheduled: z.boolean(),
      }),
    ),
  }),
);
export type PostBulkResult = z.infer<typeof postBulkResultSchema>;

const posts = (n: number) => (n === 1 ? "1 post" : `${n} posts`);

/** The toast after a bulk action. */
export function postBulkDoneMessage(result: PostBulkResult): string {
  const count = result.changed.length;
  const same = result.selected - count;
  switch (result.action) {
    case "delete":
      return `${posts(count)} moved to the Trash. You can restore ${count === 1 ? "it" : "them"} from the Trash for 30 days.`;
    case "publish": {
      const scheduled = result.changed.filter((post) => post.scheduled).length;
      return `${posts(count)} published${scheduled > 0 ? ` (${scheduled} scheduled)` : ""}.${
        same > 0 ? ` ${posts(same)} already ${same === 1 ? "was" : "were"}.` : ""
      }`;
    }
    default:
      return `${posts(count)} switched to draft.${same > 0 ? ` ${posts(same)} already ${same === 1 ? "was a draft" : "were drafts"}.` : ""}`;
  }
}
