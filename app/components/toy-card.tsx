import { Link } from "react-router";
import type { ToyCardData } from "#domain/catalog.ts";
import type { AffiliatePlacement } from "#domain/placements.ts";
import { AffiliateLink } from "./affiliate-link";
import { PriceTag, PrimeBadge } from "./price-tag";
import { RatingStars } from "./rating-stars";
import { CARD_IMAGE_SIZES, SmartImage } from "./smart-image";
import { buttonClass } from "./ui/button";
import { maskIcon } from "./ui/icon";

const Award = maskIcon("award");
const ExternalLink = maskIcon("external-link");

interface ToyCardProps {
  toy: ToyCardData;
  /** replaces the description (a breed recommendation's note) */
  note?: string | null;
  /** home page cards show category chips and 'View Details' when there is no retailer link */
  variant?: "featured" | "catalogue";
  highlighted?: boolean;
  headingLevel?: "h3" | "h2";
  /** where the card is, for affiliate click counts (default: home for featured cards, catalogue otherwise) */
  placement?: AffiliatePlacement;
  /** the card is in the first screen: its image is the page's largest paint, so it is not lazy */
  aboveTheFold?: boolean;
  /**
   * The card's element id, only where a toy is listed once (the catalogue's `toy-{id}`): the
   * home page can show the same toy twice, among the featured toys and a breed's picks, and
   * an id must be unique on the page.
   */
  elementId?: string;
}

/** A toy card: image, Top Pick badge, name, description, price, rating and the retailer link. */
export function ToyCard({
  toy,
  note,
  variant = "catalogue",
  highlighted = false,
  headingLevel: Heading = "h3",
  placement = variant === "featured" ? "home" : "catalogue",
  aboveTheFold = false,
  elementId,
}: ToyCardProps) {
  return (
    <article
      id={elementId}
      data-testid="toy-card"
      className={`flex flex-col overflow-hidden rounded-xl border bg-white shadow-sm ${
        highlighted ? "border-primary ring-2 ring-primary" : "border-stone-200"
      }`}
    >
      <div className="relative">
        {toy.imageUrl ? (
          <SmartImage
            src={toy.imageUrl}
            alt={toy.imageAlt || toy.name}
            width={800}
            height={600}
            sizes={CARD_IMAGE_SIZES}
            loading={aboveTheFold ? "eager" : "lazy"}
            fetchPriority={aboveTheFold ? "high" : undefined}
            decoding="async"
            className="aspect-[4/3] w-full bg-stone-100 object-cover"
          />
        ) : (
          <div className="flex aspect-[4/3] w-full items-center justify-center bg-stone-100 text-muted">No image</div>
        )}
        {toy.isTopPick ? (
          <span className="absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-primary px-3 py-1 text-xs font-bold text-white shadow">
            <Award className="size-3.5" />
            Top Pick
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-lg font-bold leading-snug">
          <Link to={`/toys/${toy.slug}`} className="hover:text-primary hover:underline">
            {toy.name}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-muted">{note || toy.description}</p>
        {variant === "featured" && toy.categories.length > 0 ? (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Categories">
            {toy.categories.map((c) => (
              <li
                key={c.id}
                className="rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary-hover"
              >
                {c.name}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <PriceTag toy={toy} />
          <span className="flex items-center gap-1 text-sm text-muted">
            <RatingStars rating={toy.rating} />
            <span>{toy.rating}</span>
          </span>
        </div>
        {toy.isPrimeEligible ? (
          <div className="mt-2">
            <PrimeBadge isPrimeEligible={toy.isPrimeEligible} />
          </div>
        ) : null}
        <div className="mt-auto pt-4">
          {toy.amazonUrl ? (
            <AffiliateLink toyId={toy.id} placement={placement} className={buttonClass("primary", "md", "w-full")}>
              View on Amazon
              <ExternalLink className="size-4" />
            </AffiliateLink>
          ) : (
            <Link to={`/toys/${toy.slug}`} className={buttonClass("outline", "md", "w-full")}>
              View Details
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
