import { Link } from "react-router";
import { affiliateHref } from "#app/components/affiliate-link.tsx";
import { PriceTag } from "#app/components/price-tag.tsx";
import { RatingStars } from "#app/components/rating-stars.tsx";
import { CARD_IMAGE_SIZES, SmartImage } from "#app/components/smart-image.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { maskIcon } from "#app/components/ui/icon.ts";
import type { Toy } from "#domain/catalog.ts";

const ExternalLink = maskIcon("external-link");

/** One recommended toy on the quiz results (spec §2 "Toy card"). */
export function QuizToyCard({ toy, rank }: { toy: Toy; rank: number }) {
  // The badge: a top pick says so; otherwise the best match is marked as such.
  const badge = toy.isTopPick ? "Top Pick" : rank === 0 ? "#1 Match" : null;
  const stars = Math.floor(Number(toy.rating));
  return (
    <article
      data-testid="quiz-toy-card"
      className="flex w-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
    >
      <div className="relative">
        {toy.imageUrl ? (
          <SmartImage
            src={toy.imageUrl}
            alt={toy.imageAlt || toy.name}
            width={800}
            height={600}
            sizes={CARD_IMAGE_SIZES}
            decoding="async"
            className="aspect-[4/3] w-full bg-stone-100 object-cover"
          />
        ) : (
          <div className="flex aspect-[4/3] w-full items-center justify-center bg-stone-100 text-muted">No image</div>
        )}
        {badge ? (
          <span
            className={`absolute top-3 left-3 rounded-full px-3 py-1 text-xs font-bold shadow ${
              toy.isTopPick ? "bg-primary text-white" : "bg-accent text-white"
            }`}
          >
            {toy.isTopPick ? (
              <>
                <span aria-hidden="true">★</span> Top Pick
              </>
            ) : (
              badge
            )}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg font-bold leading-snug">
          <Link to={`/toys/${toy.slug}`} className="hover:text-primary hover:underline">
            {toy.name}
          </Link>
        </h3>
        <p className="mt-2 text-muted">{toy.description}</p>
        {/* Pushed to the bottom so prices and buttons line up across cards of different heights. */}
        <div className="mt-auto">
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            {toy.materialType ? (
              <>
                <dt className="font-bold">Material</dt>
                <dd className="capitalize">{toy.materialType}</dd>
              </>
            ) : null}
            {toy.ageRecommendation ? (
              <>
                <dt className="font-bold">Age</dt>
                <dd className="capitalize">{toy.ageRecommendation}</dd>
              </>
            ) : null}
          </dl>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
            {/* the price a visitor pays, as every card shows it: a sale price with the regular one struck through */}
            <span data-testid="quiz-toy-price">
              <PriceTag toy={toy} />
            </span>
            <RatingStars rating={Number.isFinite(stars) ? stars : 0} halves={false} />
          </div>
          {toy.amazonUrl ? (
            <div className="pt-4">
              <a
                href={affiliateHref(toy.id, "quiz")}
                target="_blank"
                rel="sponsored nofollow noopener noreferrer"
                className={buttonClass("primary", "md", "w-full")}
              >
                View on Amazon
                <ExternalLink className="size-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </div>
          ) : null}
        </div>
      </div>
    </article>
  );
}
