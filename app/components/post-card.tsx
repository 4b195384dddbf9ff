import { memo } from "react";
import { Link } from "react-router";
import { formatCompactDate, formatShortDate } from "#domain/dates.ts";
import { postPath, postTypeLabel } from "#domain/post-links.ts";
import type { PostSummary } from "#domain/posts.ts";
import { CARD_IMAGE_SIZES, SmartImage } from "./smart-image";

const BADGE_COLOURS: Record<string, string> = {
  review: "bg-primary text-white",
  guide: "bg-amber-100 text-amber-900",
  comparison: "bg-teal-700 text-white",
};

export function postBadgeClass(postType: string): string {
  return BADGE_COLOURS[postType] ?? "bg-stone-200 text-ink";
}

/**
 * A post teaser linking to its page. `dateStyle` "short" is the home page's
 * 'MMM dd, yyyy', "compact" the resources page's short month/day/year. Memoised like ToyCard.
 */
export const PostCard = memo(function PostCard({
  post,
  dateStyle = "short",
  badge,
  aboveTheFold = false,
}: {
  post: PostSummary;
  dateStyle?: "short" | "compact";
  badge?: string;
  /** the first card of a list page: on a phone its image is the largest paint, so it is not lazy */
  aboveTheFold?: boolean;
}) {
  const date = dateStyle === "short" ? formatShortDate(post.publishedAt) : formatCompactDate(post.publishedAt);
  // The link is the title alone, stretched over the card by its ::after. A link around the whole
  // card named by an aria-label (the title) hid the badge, date and excerpt it showed, which
  // voice users cannot say (WCAG 2.5.3 label in name, decision 030); without the label its name
  // would be every text of the card in one breath.
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary">
      <SmartImage
        src={post.imageUrl}
        alt=""
        width={1200}
        height={630}
        sizes={CARD_IMAGE_SIZES}
        loading={aboveTheFold ? "eager" : "lazy"}
        fetchPriority={aboveTheFold ? "high" : undefined}
        decoding="async"
        className="aspect-[1200/630] w-full bg-stone-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center gap-3 text-sm">
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${postBadgeClass(post.postType)}`}>
            {badge ?? postTypeLabel(post.postType)}
          </span>
          <time dateTime={post.publishedAt} className="text-muted">
            {date}
          </time>
        </div>
        <h3 className="mt-3 text-lg font-bold leading-snug group-hover:text-primary">
          <Link to={postPath(post)} className="after:absolute after:inset-0 focus-visible:outline-hidden">
            {post.title}
          </Link>
        </h3>
        <p className="mt-2 line-clamp-3 text-muted">{post.excerpt}</p>
        <p className="mt-auto pt-4 text-sm text-muted">{post.readingTime} min read</p>
      </div>
    </article>
  );
});
