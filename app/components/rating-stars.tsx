// One small star shape instead of an icon library's: a product list shows five per card, and
// the markup of 120 stars is most of the page's HTML otherwise.
const STAR_PATH = "M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9z";

function StarShape({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path d={STAR_PATH} />
    </svg>
  );
}

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
  const filled = `${className} fill-amber-400`;
  const empty = `${className} fill-stone-300`;
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`Rated ${value} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => {
        const key = `star-${i}`;
        if (i < full) {
          return (
            <span key={key} data-star="full" className="inline-flex">
              <StarShape className={filled} />
            </span>
          );
        }
        if (i === full && half) {
          return (
            <span key={key} data-star="half" className="relative inline-flex">
              <StarShape className={empty} />
              <span className="absolute inset-y-0 left-0 w-1/2 overflow-hidden">
                <StarShape className={filled} />
              </span>
            </span>
          );
        }
        return (
          <span key={key} data-star="empty" className="inline-flex">
            <StarShape className={empty} />
          </span>
        );
      })}
    </span>
  );
}
