import { bodyLineChanges, changedFields, type PostVersion, type RevisedField } from "#domain/post-revisions.ts";

// The words of the revisions panel that need the line diff: the loader writes each save's
// summary, and the "What changed" dialog labels its fields, so the panel's first load carries
// neither (decision 069).

export const FIELD_LABELS: Record<RevisedField, string> = {
  title: "Title",
  slug: "Slug",
  excerpt: "Excerpt",
  content: "Post body",
  imageUrl: "Featured image",
  publishedAt: "Publish date",
  readingTime: "Reading time",
  postType: "Post type",
  categoryId: "Category",
  reviewedToyId: "Reviewed toy",
  reviewRating: "Rating",
  status: "Status",
  metaTitle: "Meta title",
  metaDescription: "Meta description",
  socialImageUrl: "Social image",
  imageAlt: "Image alt text",
  readingTimeAuto: "Reading time from the text",
};

/** "Title, Post body (+2 −1 lines)": what a save changed, in a line. */
export function changeSummary(before: PostVersion, after: PostVersion): string {
  const fields = changedFields(before, after);
  if (fields.length === 0) return "Saved without changes";
  return `Changed ${fields
    .map((field) => {
      if (field !== "content") return FIELD_LABELS[field];
      const { added, removed } = bodyLineChanges(before.content, after.content);
      return `${FIELD_LABELS.content} (+${added} −${removed} lines)`;
    })
    .join(", ")}`;
}
