import { E2E_BASE_PORT } from "./ports";

// The product feed the admin site's sync reads (issue 27): admin-product-sources.spec.ts serves a
// feed there while it runs and connects it in the settings; playwright.config.ts lets the site
// reach it. Derived from E2E_PORT like the sites' ports, so parallel checkouts do not meet.
export const E2E_FEED_PORT = E2E_BASE_PORT + 50;
export const E2E_FEED_HOST = `127.0.0.1:${E2E_FEED_PORT}`;
export const E2E_FEED_URL = `http://${E2E_FEED_HOST}/feed.xml`;
