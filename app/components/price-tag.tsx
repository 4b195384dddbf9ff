import { boxPrice } from "#domain/price.ts";

/**
 * A toy's price as the visitor pays it: the sale price, with the regular price struck through
 * when a discount is set (screen readers hear "Sale price … regular price …").
 */
export function PriceTag({
  price,
  priceDiscount,
  className = "text-xl font-extrabold",
}: {
  price: string;
  priceDiscount: string | null;
  className?: string;
}) {
  const { current, regular } = boxPrice({ price, priceDiscount });
  if (!regular) return <span className={className}>{current}</span>;
  // the spoken labels sit beside the prices, not inside them: each price stays an exact text
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className="sr-only">Sale price</span>
      <span className={`${className} text-red-700`}>{current}</span>
      <span className="sr-only">Regular price</span>
      <s className="text-sm text-muted">{regular}</s>
    </span>
  );
}

/** The switches of a toy a visitor should see: out of stock, and Prime eligibility. */
export function StockAndPrime({ inStock, isPrimeEligible }: { inStock: boolean; isPrimeEligible: boolean }) {
  if (inStock && !isPrimeEligible) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-xs font-bold">
      {inStock ? null : <span className="rounded-full bg-stone-200 px-2.5 py-0.5 text-stone-800">Out of stock</span>}
      {isPrimeEligible ? <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-sky-900">Prime</span> : null}
    </span>
  );
}
