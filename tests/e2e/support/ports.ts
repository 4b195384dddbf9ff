// The browser tests' ports, shared by playwright.config.ts and the specs that run a server of
// their own beside the site's (each helper or CI run picks its base with E2E_PORT).

/** The first site's port; the others follow it (playwright.config.ts SITES). */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

/** Where the account site sends its e-mail: admin-account.spec.ts's SMTP server listens there. */
export const ACCOUNT_SMTP_PORT = E2E_BASE_PORT + 9;
