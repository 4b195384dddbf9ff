import type { ReactNode } from "react";
import type { AffiliatePlacement } from "#domain/placements.ts";

/** The tracked link to a toy's retailer page: /go counts the click and redirects to the stored URL. */
export function affiliateHref(toyId: number, placement: AffiliatePlacement): string {
  return `/go/${toyId}?from=${placement}`;
}

/**
 * A link to the retailer: always a new tab, marked as a paid link for search engines,
 * and without access to this page (noopener).
 */
export function AffiliateLink({
  toyId,
  placement,
  className,
  children,
}: {
  toyId: number;
  placement: AffiliatePlacement;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={affiliateHref(toyId, placement)} target="_blank" rel="sponsored nofollow noopener" className={className}>
      {children}
    </a>
  );
}
