import { Link } from "react-router";
import type { AffiliatePlacement } from "#domain/placements.ts";
import { type ComparisonFact, comparisonRows, type ProductBoxToy } from "#domain/product-boxes.ts";
import { AffiliateLink } from "./affiliate-link";
import { PriceTag, PrimeBadge } from "./price-tag";
import { RatingStars } from "./rating-stars";
import { SmartImage } from "./smart-image";
import { buttonClass } from "./ui/button";
import { maskIcon } from "./ui/icon";

const Award = maskIcon("award");
const ExternalLink = maskIcon("external-link");

/** The retailer button of a box or a table column; a toy without a retailer link leads to its page instead. */
function RetailerButton({
  toy,
  placement,
  className,
}: {
  toy: ProductBoxToy;
  placement: AffiliatePlacement;
  className: string;
}) {
  if (!toy.amazonUrl) {
    return (
      <Link to={`/toys/${toy.slug}`} className={buttonClass("outline", "md", className)}>
        View Details
      </Link>
    );
  }
  return (
    <AffiliateLink toyId={toy.id} placement={placement} className={buttonClass("primary", "md", className)}>
      View on Amazon
      <ExternalLink className="size-4" />
    </AffiliateLink>
  );
}

/**
 * A buy box (AAWP's "product box"): image, name, rating, price with the sale price, the stock
 * note and the retailer link, for one toy inside a post or on a review's page.
 */
export function BuyBox({
  toy,
  placement,
  headingLevel: Heading = "h2",
  label = `Buy box: ${toy.name}`,
}: {
  toy: ProductBoxToy;
  placement: AffiliatePlacement;
  headingLevel?: "h2" | "h3";
  /** the landmark's name: a page with two boxes of one toy names them apart */
  label?: string;
}) {
  return (
    <aside
      aria-label={label}
      data-testid="buy-box"
      className="my-8 flex flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center"
    >
      <SmartImage
        src={toy.imageUrl}
        alt={toy.name}
        width={200}
        height={150}
        sizes="192px"
        loading="lazy"
        decoding="async"
        className="h-36 w-48 shrink-0 self-center rounded-xl bg-stone-100 object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {toy.isTopPick ? (
          <span className="inline-flex w-fit items-center gap-1 rounded-full bg-primary px-3 py-0.5 text-xs font-bold text-white">
            <Award className="size-3.5" />
            Top Pick
          </span>
        ) : null}
        <Heading className="text-lg leading-snug font-extrabold">
          <Link to={`/toys/${toy.slug}`} className="hover:text-primary hover:underline">
            {toy.name}
          </Link>
        </Heading>
        <p className="line-clamp-3 text-base text-muted">{toy.description}</p>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
          <RatingStars rating={toy.rating} />
          <span>
            {toy.rating}
            {toy.reviewCount > 0 ? ` (${toy.reviewCount.toLocaleString("en-US")} ratings)` : ""}
          </span>
        </p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span className="flex flex-wrap items-center gap-3">
            <PriceTag toy={toy} />
            <PrimeBadge isPrimeEligible={toy.isPrimeEligible} />
          </span>
          <RetailerButton toy={toy} placement={placement} className="w-full sm:w-auto" />
        </div>
      </div>
    </aside>
  );
}

const ROW_HEADER = "sticky left-0 z-10 bg-stone-50 px-3 py-3 text-left text-sm font-bold whitespace-nowrap";
const CELL = "px-3 py-3 align-top text-sm";

/** A comparison cell: the price, rating and stock drawn as on the toy's box; other facts as text. */
function FactCell({ fact, toy, value }: { fact: ComparisonFact; toy: ProductBoxToy; value: string | null }) {
  switch (fact) {
    case "price":
      return <PriceTag toy={toy} className="text-base font-extrabold" />;
    case "rating":
      return (
        <span className="flex flex-col gap-1">
          <RatingStars rating={toy.rating} />
          <span className="text-muted">{value}</span>
        </span>
      );
    case "stock":
      return (
        <span className="flex flex-wrap items-center gap-2">
          {value}
          {toy.isPrimeEligible ? (
            <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-bold text-sky-900">Prime</span>
          ) : null}
        </span>
      );
    default:
      return value ?? "—";
  }
}

/**
 * A comparison table (Lasso's "comparison table"): one column per toy (a Top Pick says so under
 * its name), its image, the facts of `comparisonRows` (a fact none of the toys has is left out)
 * and each toy's retailer link. On a phone it scrolls sideways with the row names kept in view.
 */
export function ComparisonTable({
  toys,
  placement,
}: {
  toys: readonly ProductBoxToy[];
  placement: AffiliatePlacement;
}) {
  const rows = comparisonRows(toys);
  return (
    <figure data-testid="comparison-table" className="my-8">
      <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm">
        <table className="w-full min-w-max border-collapse text-left">
          <caption className="sr-only">{`Comparison: ${toys.map((toy) => toy.name).join(", ")}`}</caption>
          <thead>
            <tr className="border-b-2 border-stone-200">
              <td className={ROW_HEADER} />
              {toys.map((toy) => (
                <th key={toy.id} scope="col" className="max-w-48 px-3 py-3 align-bottom text-sm font-extrabold">
                  <Link to={`/toys/${toy.slug}`} className="hover:text-primary hover:underline">
                    {toy.name}
                  </Link>
                  {toy.isTopPick ? (
                    <span className="mt-1 flex w-fit items-center gap-1 rounded-full bg-primary px-2.5 py-0.5 text-xs font-bold text-white">
                      <Award className="size-3.5" />
                      Top Pick
                    </span>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-stone-200">
              <th scope="row" className={ROW_HEADER}>
                Image
              </th>
              {toys.map((toy) => (
                <td key={toy.id} className={CELL}>
                  <SmartImage
                    src={toy.imageUrl}
                    alt={toy.name}
                    width={160}
                    height={120}
                    sizes="128px"
                    loading="lazy"
                    decoding="async"
                    className="h-24 w-32 rounded-lg bg-stone-100 object-cover"
                  />
                </td>
              ))}
            </tr>
            {rows.map((row) => (
              <tr key={row.fact} className="border-b border-stone-200">
                <th scope="row" className={ROW_HEADER}>
                  {row.label}
                </th>
                {toys.map((toy, index) => (
                  <td key={toy.id} className={CELL}>
                    <FactCell fact={row.fact} toy={toy} value={row.values[index] ?? null} />
                  </td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row" className={ROW_HEADER}>
                <span className="sr-only">Buy</span>
              </th>
              {toys.map((toy) => (
                <td key={toy.id} className={CELL}>
                  <RetailerButton toy={toy} placement={placement} className="whitespace-nowrap" />
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </figure>
  );
}
