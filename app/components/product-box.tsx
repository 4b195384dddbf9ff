import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AffiliatePlacement } from "#domain/placements.ts";
import { chewStyleOf, type ProductBoxToy, readableList } from "#domain/product-boxes.ts";
import { AffiliateLink } from "./affiliate-link";
import { PriceTag, StockAndPrime } from "./price-tag";
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
}: {
  toy: ProductBoxToy;
  placement: AffiliatePlacement;
  headingLevel?: "h2" | "h3";
}) {
  return (
    <aside
      aria-label={`Buy box: ${toy.name}`}
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
            <PriceTag price={toy.price} priceDiscount={toy.priceDiscount} />
            <StockAndPrime inStock={toy.inStock} isPrimeEligible={toy.isPrimeEligible} />
          </span>
          <RetailerButton toy={toy} placement={placement} className="w-full sm:w-auto" />
        </div>
      </div>
    </aside>
  );
}

const ROW_HEADER = "sticky left-0 z-10 bg-stone-50 px-3 py-3 text-left text-sm font-bold whitespace-nowrap";
const CELL = "px-3 py-3 align-top text-sm";

/**
 * A comparison table (Lasso's "comparison table"): one column per toy, rows for image, price,
 * rating, material, best for, age, chew style and top pick, and each toy's retailer link. On a
 * phone it scrolls sideways with the row names kept in view.
 */
export function ComparisonTable({
  toys,
  placement,
}: {
  toys: readonly ProductBoxToy[];
  placement: AffiliatePlacement;
}) {
  const rows: { label: string; cell: (toy: ProductBoxToy) => ReactNode }[] = [
    {
      label: "Image",
      cell: (toy) => (
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
      ),
    },
    {
      label: "Price",
      cell: (toy) => (
        <span className="flex flex-col gap-1">
          <PriceTag price={toy.price} priceDiscount={toy.priceDiscount} className="text-base font-extrabold" />
          <StockAndPrime inStock={toy.inStock} isPrimeEligible={toy.isPrimeEligible} />
        </span>
      ),
    },
    {
      label: "Rating",
      cell: (toy) => (
        <span className="flex flex-col gap-1">
          <RatingStars rating={toy.rating} />
          <span className="text-muted">{toy.rating} / 5</span>
        </span>
      ),
    },
    { label: "Material", cell: (toy) => toy.materialType || "—" },
    { label: "Best for", cell: (toy) => readableList(toy.suitableFor) ?? "—" },
    { label: "Age", cell: (toy) => readableList(toy.ageRecommendation) ?? "—" },
    { label: "Chew style", cell: (toy) => chewStyleOf(toy.materialType) ?? "—" },
    { label: "Top pick", cell: (toy) => (toy.isTopPick ? "★ Top Pick" : "—") },
  ];
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
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-b border-stone-200">
                <th scope="row" className={ROW_HEADER}>
                  {row.label}
                </th>
                {toys.map((toy) => (
                  <td key={toy.id} className={CELL}>
                    {row.cell(toy)}
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
