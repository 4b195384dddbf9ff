const POSITIONS = [0, 1, 2, 3, 4] as const;

/**
 * Five stars for a rating. With `halves`, a remainder of .25-.74 shows a half star and
 * .75 or more a full one (products page); without, only the integer part counts (quiz).
 *
 * Each star is an empty element painted by the stylesheet's `.star` rule (one star shape, as a
 * mask, in the cached CSS): a product list shows five per card, and an SVG per star was a fifth
 * of the page's HTML (issue 20).
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
      {POSITIONS.map((i) => (
        <i
          key={i}
          data-star={i < full ? "full" : i === full && half ? "half" : "empty"}
          className={`star ${className}`}
        />
      ))}
    </span>
  );
}
