import { diffLines } from "./line-diff";
import { type PostRevision, REVISED_FIELDS } from "./posts";

// What each save of a post changed (issue 26: revisions show their time and what changed). A
// revision keeps the version a save replaced, so that save turned it into the next newer
// revision, or into the post as it is now for the newest one.

export type RevisedField = (typeof REVISED_FIELDS)[number];
/** A post's editable fields, as a revision keeps them. */
export type PostVersion = PostRevision["post"];

/** How a field's value reads in a comparison: empty, null and missing are all "—". */
export function shownValue(value: unknown): string {
  return value === null || value === undefined || value === "" ? "—" : String(value);
}

/** The fields whose values differ between two versions, in the editor's order. */
export function changedFields(before: PostVersion, after: PostVersion): RevisedField[] {
  return REVISED_FIELDS.filter((field) => shownValue(before[field]) !== shownValue(after[field]));
}

/** How many lines of the body a change added and removed. */
export function bodyLineChanges(before: string, after: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of diffLines(before, after)) {
    if (line.kind === "added") added++;
    else if (line.kind === "removed") removed++;
  }
  return { added, removed };
}

/**
 * Each revision (newest first) with the version the save at its time made of it: the next newer
 * revision's, or `current` for the newest.
 */
export function savesOf<R extends Pick<PostRevision, "post">>(
  revisions: readonly R[],
  current: PostVersion,
): { revision: R; after: PostVersion }[] {
  return revisions.map((revision, index) => ({ revision, after: revisions[index - 1]?.post ?? current }));
}
