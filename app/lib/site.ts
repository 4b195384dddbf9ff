// Facts about the site shown on several pages; one place to change them.
export const SITE = {
  name: "Pawsome Picks",
  tagline: "Best Toys for Dogs",
  supportEmail: "support@pawsomepicks.com",
  retailer: "Amazon",
  legalLastUpdated: "April 7, 2024",
} as const;
