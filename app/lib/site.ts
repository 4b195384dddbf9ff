// Facts about the site shown on several pages; one place to change them.
export const SITE = {
  name: "Pawsome Picks",
  tagline: "Best Toys for Dogs",
  retailer: "Amazon",
  /** shown as 'Last Updated: April 7, 2024' on the legal pages */
  legalLastUpdatedDate: "2024-04-07T12:00:00.000Z",
} as const;
