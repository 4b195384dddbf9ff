import { Star, StarHalf } from "lucide-react";

/**
 * Five stars for a rating. With `halves`, a remainder of .25-.74 shows a half star and
 * .75 or more a full one (products page); without, only the integer part counts (quiz).
 */
export function RatingStars({
  rating,
  halves = true,
  className = "size-4",
}: {
  rating: number | string;
  halves?: boolean;
  className?: string;
}) {
  const value = Math.max(0, Math.min(5, Number(rating) || 0));
  const whole = halves ? Math.floor(value + 0.25) : Math.floor(value);
  const half = halves && value - Math.floor(value) >= 0.25 && value - Math.floor(value) < 0.75;
  const full = half ? Math.floor(value) : whole;
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`Rated ${value} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => {
        const key = `star-${i}`;
        if (i < full)
          return (
            <Star
              key={key}
              aria-hidden="true"
              data-star="full"
              className={`${className} fill-amber-400 text-amber-400`}
            />
          );
        if (i === full && half)
          return (
            <span key={key} className="relative inline-flex" data-star="half" aria-hidden="true">
              <Star className={`${className} text-stone-300`} />
              <StarHalf className={`${className} absolute inset-0 fill-amber-400 text-amber-400`} />
            </span>
          );
        return <Star key={key} aria-hidden="true" data-star="empty" className={`${className} text-stone-300`} />;
      })}
    </span>
  );
}
