export const SITE_NAME = "Pawsome Picks";
export const HOME_TITLE = `${SITE_NAME} | Best Toys for Dogs`;

/** `{Page} | Pawsome Picks`, the title format of every page but the home page. */
export function pageTitle(page: string): string {
  return `${page} | ${SITE_NAME}`;
}
