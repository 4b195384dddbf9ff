import { E2E_BASE_PORT } from "./ports";

// The retailer site whose links the admin site's link check requests (issue 27):
// playwright.config.ts lets that site reach this address (OUTBOUND_ALLOW_HOSTS), and
// admin-link-health.spec.ts serves it while it runs. Derived from E2E_PORT like the sites' ports.
export const E2E_LINK_PORT = E2E_BASE_PORT + 51;
export const E2E_LINK_HOST = `127.0.0.1:${E2E_LINK_PORT}`;
