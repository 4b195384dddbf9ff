import { createHash, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { eq, lt, or } from "drizzle-orm";
import { ADMIN_USERNAME } from "../../domain/auth";
import type { Database } from "../db/client";
import { sessions, users } from "../db/schema";
import type { RateLimitService } from "./rate-limit.service";

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const SESSION_IDLE_MS = 8 * 60 * 60_000;
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** last_seen_at is written at most this often, so browsing does not write on every request */
const TOUCH_EVERY_MS = 60_000;

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;

export interface AdminUser {
  id: number;
  username: string;
}

export interface Session {
  user: AdminUser;
  expiresAt: Date;
}

export type LoginResult =
  | { outcome: "signed-in"; token: string; session: Session }
  | { outcome: "invalid" }
  | { outcome: "throttled"; retryAfterSeconds: number };

export interface AuthServiceOptions {
  /** the clock, replaceable in tests of idle and absolute expiry */
  now?: () => Date;
}

function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

// A hash of a password nobody has, verified when the account does not exist, so a wrong
// user name takes as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/** Admin accounts, sign-in with throttling, and database-backed sessions. */
export function createAuthService(db: Database, rateLimits: RateLimitService, options: AuthServiceOptions = {}) {
  const now = options.now ?? (() => new Date());

  async function findUser(username: string) {
    const [user] = await db
      .select({ id: users.id, username: users.username, password: users.password })
      .from(users)
      .where(eq(users.username, username));
    return user ?? null;
  }

  /** Deletes sessions that have expired either way (run at each sign-in, so the table stays small). */
  async function pruneSessions(): Promise<void> {
    const at = now();
    await db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, at), lt(sessions.lastSeenAt, new Date(at.getTime() - SESSION_IDLE_MS))));
  }

  return {
    /** argon2id hash of a password. */
    hashPassword(password: string): Promise<string> {
      return hash(password, ARGON2_OPTIONS);
    },

    /** True when the admin account exists. */
    async adminExists(): Promise<boolean> {
      return (await findUser(ADMIN_USERNAME)) !== null;
    },

    /** Creates the account or replaces its password; every session of the account ends. */
    async setPassword(username: string, password: string): Promise<void> {
      const hashed = await hash(password, ARGON2_OPTIONS);
      await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ username, password: hashed })
          .onConflictDoUpdate({ target: users.username, set: { password: hashed } })
          .returning({ id: users.id });
        if (user) await tx.delete(sessions).where(eq(sessions.userId, user.id));
      });
    },

    /**
     * Checks a password. Every attempt is counted per IP and per account before the check
     * (so a burst of parallel guesses is counted too); past LOGIN_MAX_FAILURES in the window
     * the answer is "throttled" without looking at the password. A success clears the counts.
     */
    async login(input: { username?: string; password: string; ip: string }): Promise<LoginResult> {
      const username = input.username ?? ADMIN_USERNAME;
      const keys = [`login-ip:${input.ip}`, `login-account:${username.toLowerCase()}`];
      const verdicts = await Promise.all(keys.map((key) => rateLimits.hit(key, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS)));
      const refused = verdicts.filter((v) => !v.allowed);
      if (refused.length > 0) {
        return { outcome: "throttled", retryAfterSeconds: Math.max(...refused.map((v) => v.retryAfterSeconds)) };
      }

      const user = await findUser(username);
      decoyHash ??= hash(randomBytes(16).toString("hex"), ARGON2_OPTIONS);
      const valid = await verify(user?.password ?? (await decoyHash), input.password).catch(() => false);
      if (!user || !valid) return { outcome: "invalid" };

      await Promise.all(keys.map((key) => rateLimits.reset(key)));
      await pruneSessions();
      const token = randomBytes(32).toString("base64url");
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + SESSION_LIFETIME_MS);
      await db
        .insert(sessions)
        .values({ tokenHash: tokenHash(token), userId: user.id, createdAt, lastSeenAt: createdAt, expiresAt });
      return { outcome: "signed-in", token, session: { user: { id: user.id, username: user.username }, expiresAt } };
    },

    /** The live session of a cookie token, or null; extends the idle timeout. */
    async sessionFor(token: string | undefined): Promise<Session | null> {
      if (!token || token.length > 200) return null;
      const at = now();
      const [row] = await db
        .select({
          tokenHash: sessions.tokenHash,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          userId: users.id,
          username: users.username,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, tokenHash(token)));
      if (!row) return null;
      const idleSince = at.getTime() - row.lastSeenAt.getTime();
      if (row.expiresAt.getTime() <= at.getTime() || idleSince >= SESSION_IDLE_MS) {
        await db.delete(sessions).where(eq(sessions.tokenHash, row.tokenHash));
        return null;
      }
      if (idleSince >= TOUCH_EVERY_MS) {
        await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, row.tokenHash));
      }
      return { user: { id: row.userId, username: row.username }, expiresAt: row.expiresAt };
    },

    /** Ends the session of a token (idempotent). */
    async logout(token: string | undefined): Promise<void> {
      if (!token) return;
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash(token)));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
