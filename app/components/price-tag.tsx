import {
  CHECK_PRICE_TEXT,
  OUT_OF_STOCK_TEXT,
  PRICE_DISCLAIMER,
  type PublicPriceFacts,
  priceView,
} from "#domain/price-stamp.ts";

/** The id of the page's one disclaimer popover (PriceDisclaimer), which every stamp opens. */
const DISCLAIMER_ID = "price-disclaimer";

/**
 * When the price was confirmed, as a button that opens Amazon's disclaimer: a click, Enter or
 * Space opens it (a popover: no script needed), Escape or a click elsewhere closes it.
 */
function PriceStamp({ text }: { text: string }) {
  return (
    <span className="text-xs text-muted">
      {/* spaces in the text, not only the gap: the line reads "$12.99 · price as of …" when copied or read as text */}
      <span aria-hidden="true"> · </span>
      {/* no title repeating the disclaimer: 24 cards' copies of it were 6 KB of /products' HTML */}
      <button type="button" popoverTarget={DISCLAIMER_ID} className="underline decoration-dotted">
        {text}
      </button>
    </span>
  );
}

/**
 * A toy's price as the visitor pays it, with when it was confirmed: the sale price with the
 * regular price struck through (screen readers hear "Sale price … regular price …"); an
 * out-of-stock note in its place; or, for a price too old to show, "Check the price on Amazon".
 */
export function PriceTag({
  toy,
  className = "text-xl font-extrabold",
}: {
  toy: PublicPriceFacts & { inStock: boolean };
  className?: string;
}) {
  const view = priceView(toy);
  if (view.kind === "check") {
    return <span className="text-sm font-bold text-muted">{CHECK_PRICE_TEXT}</span>;
  }
  if (view.kind === "out-of-stock") {
    return (
      <span className="inline-flex flex-wrap items-baseline gap-x-1.5">
        <span className="rounded-full bg-stone-200 px-2.5 py-0.5 text-xs font-bold text-stone-800">
          {OUT_OF_STOCK_TEXT}
        </span>
        {view.stamp ? <PriceStamp text={view.stamp} /> : null}
      </span>
    );
  }
  // the spoken labels sit beside the prices, not inside them: each price stays an exact text
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-1.5">
      {view.regular ? <span className="sr-only">Sale price</span> : null}
      <span className={view.regular ? `${className} text-red-700` : className}>{view.current}</span>
      {view.regular ? (
        <>
          <span className="sr-only">Regular price</span>
          <s className="text-sm text-muted">{view.regular}</s>
        </>
      ) : null}
      {view.stamp ? <PriceStamp text={view.stamp} /> : null}
    </span>
  );
}

/** Amazon's disclaimer, once per page, opened by every price stamp. */
export function PriceDisclaimer() {
  return (
    <div
      id={DISCLAIMER_ID}
      popover="auto"
      role="note"
      aria-label="About prices"
      className="m-auto max-w-sm rounded-xl border border-stone-200 bg-white p-5 text-sm shadow-xl backdrop:bg-black/20"
    >
      <p>{PRICE_DISCLAIMER}</p>
      <button
        type="button"
        popoverTarget={DISCLAIMER_ID}
        popoverTargetAction="hide"
        className="mt-3 font-bold text-primary hover:underline"
      >
        Close
      </button>
    </div>
  );
}

/** The Prime badge a visitor should see (stock is part of the price: PriceTag). */
export function PrimeBadge({ isPrimeEligible }: { isPrimeEligible: boolean }) {
  if (!isPrimeEligible) return null;
  return (
    <span className="inline-flex rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-bold text-sky-900">Prime</span>
  );
}
