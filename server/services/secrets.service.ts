import { createHmac, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";

/**
 * A named secret: the configured value when there is one, otherwise a random one created on
 * first use and kept in app_secrets, so every instance and every restart signs alike.
 */
export function createSecretSource(db: Database, name: string, configured?: string) {
  let cached: Promise<string> | undefined;

  async function load(): Promise<string> {
    if (configured) return configured;
    const candidate = randomBytes(32).toString("base64url");
    // Two instances starting together both insert; the first row wins and both read it back.
    await db.execute(
      sql`insert into app_secrets (name, value) values (${name}, ${candidate}) on conflict (name) do nothing`,
    );
    const { rows } = await db.execute<{ value: string }>(sql`select value from app_secrets where name = ${name}`);
    const value = rows[0]?.value;
    if (!value) throw new Error(`secret ${name} could not be stored`);
    return value;
  }

  return {
    /** The secret's value (loaded once per process). */
    get(): Promise<string> {
      cached ??= load().catch((error) => {
        cached = undefined;
        throw error;
      });
      return cached;
    },
  };
}

export type SecretSource = ReturnType<typeof createSecretSource>;

/**
 * Hex HMAC-SHA256 of `value` for one `purpose`: a name for a value (an e-mail address) that
 * nobody without the key can confirm a guess against. The purpose keeps hashes made for one use
 * from matching those of another when one key serves several.
 */
export function keyedHash(key: string, purpose: string, value: string): string {
  return createHmac("sha256", key).update(`${purpose}:${value}`).digest("hex");
}
