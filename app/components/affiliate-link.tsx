import type { ReactNode } from "react";

/**
 * A link to the retailer: always a new tab, marked as a paid link for search engines,
 * and without access to this page (noopener).
 */
export function AffiliateLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="sponsored nofollow noopener" className={className}>
      {children}
    </a>
  );
}
