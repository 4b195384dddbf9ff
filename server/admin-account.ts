import { randomBytes } from "node:crypto";
import { ADMIN_USERNAME } from "#domain/auth.ts";
import type { Logger } from "./logger";
import type { AuthService } from "./services/auth.service";

/**
 * Makes sure the admin account exists. On first start its password is ADMIN_PASSWORD, or,
 * when that is unset, a random one printed once on stdout; later starts leave it alone
 * (`npm run admin:set-password` changes it).
 */
export async function ensureAdminAccount(auth: AuthService, adminPassword: string | undefined, logger: Logger) {
  if (await auth.adminExists()) return;
  if (adminPassword) {
    await auth.setPassword(ADMIN_USERNAME, adminPassword);
    logger.info("admin account created with the password from ADMIN_PASSWORD");
    return;
  }
  const generated = randomBytes(15).toString("base64url");
  await auth.setPassword(ADMIN_USERNAME, generated);
  logger.warn("ADMIN_PASSWORD is not set and no admin account exists: a random admin password was generated");
  // Printed once, outside the JSON log, so it is easy to find and is not shipped to log storage as a field.
  console.log(
    `\n  Admin password (shown only now): ${generated}\n  Sign in at /admin/login; change it with \`npm run admin:set-password\`.\n`,
  );
}
