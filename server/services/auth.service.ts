import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { ADMIN_USERNAME, SIGN_IN_LINK, type SignInLinkState } from "#domain/auth.ts";
import type { Database } from "#server/db/client.ts";
import { sessions, signInLinks, users } from "#server/db/schema.ts";
import type { Outbox } from "#server/mail/outbox.ts";
import { signInLinkEmail } from "#server/mail/templates.ts";
import type { RateLimitService } from "./rate-limit.service";
import type { SecretSource } from "./secrets.service";

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const SESSION_IDLE_MS = 8 * 60 * 60_000;
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** last_seen_at is written at most this often, so browsing does not write on every request */
const TOUCH_EVERY_MS = 60_000;

/**
 * Sign-in throttling (decision 020, after OWASP's authentication and credential-stuffing cheat
 * sheets). A browser that signed in before carries a signed device cookie and is judged only by
 * its own failures, so nobody else's guessing can keep the owner out. Every other browser is
 * counted per client (IPv4 address or IPv6 /64) and account, and all of them together per
 * account, so guesses spread over many addresses are throttled too.
 */
export const LOGIN_LIMITS = {
  /** one unrecognised client guessing at one account */
  perClient: { max: 5, windowMs: 15 * 60_000 },
  /** one recognised browser (device cookie) */
  perDevice: { max: 5, windowMs: 15 * 60_000 },
  /** every unrecognised browser together, per account */
  unrecognised: { max: 10, windowMs: 15 * 60_000 },
  /** wrong current passwords in "Change password", per account */
  passwordChange: { max: 5, windowMs: 15 * 60_000 },
} as const;

const SIGN_IN_LINK_MS = SIGN_IN_LINK.minutes * 60_000;
/** used and expired sign-in links are kept this long (to tell "used" from "not valid"), then deleted */
const SIGN_IN_LINK_KEPT_MS = 24 * 60 * 60_000;

/** How long a browser stays recognised after its last sign-in. */
export const DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60_000;

export interface AdminUser {
  id: number;
  username: string;
}

export interface Session {
  user: AdminUser;
  expiresAt: Date;
  /** the stored hash of the cookie token: names this session without being a credential */
  id: string;
}

export type LoginResult =
  /** `device` is the (renewed) device cookie value for this browser */
  | { outcome: "signed-in"; token: string; session: Session; device: string }
  | { outcome: "invalid" }
  /** `firstRefusal`: this attempt is the one that went over the limit (the audit log records a burst once) */
  | { outcome: "throttled"; retryAfterSeconds: number; scope: "client" | "account"; firstRefusal: boolean };

export type PasswordChangeResult =
  /** `token`: the new session of the browser that asked (its old token ends with every other session) */
  | { outcome: "changed"; token: string; session: Session }
  | { outcome: "wrong-password" }
  | { outcome: "throttled"; retryAfterSeconds: number };

/** What asking for a sign-in link did: the answer to the asker is the same either way. */
export type SignInLinkRequest = { outcome: "sent"; messageId: number } | { outcome: "not-sent" };

export type LinkSignInResult =
  | { outcome: "signed-in"; token: string; session: Session; device: string }
  | { outcome: Exclude<SignInLinkState, "valid"> };

export interface AuthServiceOptions {
  /** the clock, replaceable in tests of expiry and throttling windows */
  now?: () => Date;
  /** the key that signs device cookies */
  deviceSecret: SecretSource;
  /** e-mailed sign-in links (issue 26); without it none is sent (the password CLI has no mail) */
  signInLinks?: {
    outbox: Outbox;
    /** the owner's inbox: CONTACT_TO, where the owner's notifications go */
    ownerAddress: string;
    /** public origin, for the link */
    siteUrl: string;
    /** how long the background send may wait for the mail server before the worker takes over */
    sendTimeoutMs: number;
  };
}

function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new random token: 256 bits, base64url (43 characters). */
function newToken(): string {
  return randomBytes(32).toString("base64url");
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The counter of a browser's own failed sign-ins: its device's when recognised, else its client's. */
function ownFailuresKey(deviceId: string | null, client: string, account: string): string {
  return deviceId ? `login-device:${deviceId}` : `login-client:${client}:${account}`;
}

// A hash of a password nobody has, verified when the account does not exist, so a wrong
// user name takes as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/** Admin accounts, sign-in with throttling, and database-backed sessions. */
export function createAuthService(db: Database, rateLimits: RateLimitService, options: AuthServiceOptions) {
  const now = options.now ?? (() => new Date());

  /**
   * A device cookie: a random id and an HMAC of id + account, so it cannot be forged or moved
   * to another account. It grants nothing by itself: it only says which counter a browser's
   * failures go to.
   */
  async function signDevice(deviceId: string, username: string): Promise<string> {
    const mac = createHmac("sha256", await options.deviceSecret.get())
      .update(`${deviceId}:${username}`)
      .digest("base64url");
    return `${deviceId}.${mac}`;
  }

  /** The device id of a genuine device cookie for this account, or null. */
  async function recognisedDevice(cookie: string | undefined, username: string): Promise<string | null> {
    const deviceId = cookie?.split(".")[0] ?? "";
    if (!cookie || cookie.length > 200 || !/^[A-Za-z0-9_-]{22}$/.test(deviceId)) return null;
    const expected = Buffer.from(await signDevice(deviceId, username));
    const given = Buffer.from(cookie);
    return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
  }

  type Counter = { key: string; limit: { max: number; windowMs: number }; scope: "client" | "account" };

  /**
   * Counts one attempt on each counter in turn and stops at the first one over its limit: an
   * attempt one client may not make does not also use up the account's shared allowance.
   */
  async function countAttempt(counters: Counter[]) {
    for (const { key, limit, scope } of counters) {
      const verdict = await rateLimits.hit(key, limit.max, limit.windowMs);
      if (!verdict.allowed) {
        // the counter's statement serialises hits, so exactly one attempt per window sees max + 1
        return { retryAfterSeconds: verdict.retryAfterSeconds, scope, firstRefusal: verdict.hits === limit.max + 1 };
      }
    }
    return null;
  }

  async function checkPassword(user: { password: string } | null, password: string): Promise<boolean> {
    decoyHash ??= hash(randomBytes(16).toString("hex"), ARGON2_OPTIONS);
    return verify(user?.password ?? (await decoyHash), password).catch(() => false);
  }

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

  /** Ends the session of a token (idempotent); true when there was one. */
  async function endSession(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    const ended = await db
      .delete(sessions)
      .where(eq(sessions.tokenHash, tokenHash(token)))
      .returning({ tokenHash: sessions.tokenHash });
    return ended.length > 0;
  }

  /**
   * Starts a session for `user` in a browser: a new random token (the database keeps its hash)
   * and the browser's device cookie, renewed (`deviceId`, when it was already recognised) or new.
   */
  async function startSession(user: AdminUser, deviceId: string | null) {
    await pruneSessions();
    const token = newToken();
    const createdAt = now();
    const expiresAt = new Date(createdAt.getTime() + SESSION_LIFETIME_MS);
    const id = tokenHash(token);
    await db.insert(sessions).values({ tokenHash: id, userId: user.id, createdAt, lastSeenAt: createdAt, expiresAt });
    const device = await signDevice(deviceId ?? randomBytes(16).toString("base64url"), user.username.toLowerCase());
    return { token, device, session: { user, expiresAt, id } };
  }

  /** Why a sign-in link cannot be used (it is not, or no longer, valid), read without using it. */
  async function linkState(token: string): Promise<SignInLinkState> {
    if (!TOKEN_SHAPE.test(token)) return "invalid";
    const [link] = await db
      .select({ usedAt: signInLinks.usedAt, expiresAt: signInLinks.expiresAt })
      .from(signInLinks)
      .where(eq(signInLinks.tokenHash, tokenHash(token)));
    if (!link) return "invalid";
    if (link.usedAt) return "used";
    return link.expiresAt.getTime() <= now().getTime() ? "expired" : "valid";
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

    /** Creates the account or replaces its password; every session of the account ends, and every sign-in link. */
    async setPassword(username: string, password: string): Promise<void> {
      const hashed = await hash(password, ARGON2_OPTIONS);
      await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ username, password: hashed })
          .onConflictDoUpdate({ target: users.username, set: { password: hashed } })
          .returning({ id: users.id });
        if (!user) return;
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
        await tx.delete(signInLinks).where(and(eq(signInLinks.userId, user.id), isNull(signInLinks.usedAt)));
      });
    },

    /**
     * Checks a password. Every attempt is counted before the check (so a burst of parallel
     * guesses is counted too): a recognised browser (`device`, its device cookie) on its own
     * counter, any other browser per client and account and on the account's shared counter.
     * Past a limit the answer is "throttled" without looking at the password. A success clears
     * the browser's own counter and takes its one attempt back from the shared one (the owner
     * signing in says nothing about someone else's guesses), and returns a renewed device cookie.
     */
    async login(input: { username?: string; password: string; client: string; device?: string }): Promise<LoginResult> {
      const username = input.username ?? ADMIN_USERNAME;
      const account = username.toLowerCase();
      const deviceId = await recognisedDevice(input.device, account);
      const own = [
        {
          key: ownFailuresKey(deviceId, input.client, account),
          limit: deviceId ? LOGIN_LIMITS.perDevice : LOGIN_LIMITS.perClient,
          scope: "client" as const,
        },
      ];
      const shared = deviceId
        ? []
        : [{ key: `login-unrecognised:${account}`, limit: LOGIN_LIMITS.unrecognised, scope: "account" as const }];
      const refused = await countAttempt([...own, ...shared]);
      if (refused) return { outcome: "throttled", ...refused };

      const user = await findUser(username);
      const valid = await checkPassword(user, input.password);
      if (!user || !valid) return { outcome: "invalid" };

      // The browser's own failures are forgotten; its attempt is taken back from the shared count,
      // which is for guesses, but the others' guesses stay counted.
      await Promise.all([
        ...own.map(({ key }) => rateLimits.reset(key)),
        ...shared.map(({ key }) => rateLimits.undo(key)),
      ]);
      return { outcome: "signed-in", ...(await startSession({ id: user.id, username: user.username }, deviceId)) };
    },

    /**
     * E-mails a one-time sign-in link to the owner (issue 26), for when sign-in is throttled: a
     * guesser who asks only sends the owner a way in. At most SIGN_IN_LINK.perWindow links in any
     * SIGN_IN_LINK.minutes per client, and as many for the account over all clients; past that
     * nothing is sent. The link's token is stored only as its SHA-256, in the transaction that
     * queues the e-mail (through the outbox), and the send starts without being waited for.
     */
    async requestSignInLink(input: { client: string }): Promise<SignInLinkRequest> {
      const mail = options.signInLinks;
      // without a mail server it would go out hours later, long after its 15 minutes
      if (!mail?.outbox.configured) return { outcome: "not-sent" };
      const user = await findUser(ADMIN_USERNAME);
      if (!user) return { outcome: "not-sent" };
      const token = newToken();
      const createdAt = now();
      const messageId = await db.transaction(async (tx) => {
        // counted in the transaction: a request that fails later is not counted
        for (const key of [`sign-in-link-client:${input.client}`, `sign-in-link:${ADMIN_USERNAME}`]) {
          const verdict = await rateLimits.hitRolling(key, SIGN_IN_LINK.perWindow, SIGN_IN_LINK_MS, tx);
          if (!verdict.allowed) return null;
        }
        await tx
          .delete(signInLinks)
          .where(lt(signInLinks.expiresAt, new Date(createdAt.getTime() - SIGN_IN_LINK_KEPT_MS)));
        await tx.insert(signInLinks).values({
          tokenHash: tokenHash(token),
          userId: user.id,
          createdAt,
          expiresAt: new Date(createdAt.getTime() + SIGN_IN_LINK_MS),
        });
        const url = `${mail.siteUrl}${SIGN_IN_LINK.path}?token=${token}`;
        return mail.outbox.enqueue(
          tx,
          signInLinkEmail({ to: mail.ownerAddress, url, minutes: SIGN_IN_LINK.minutes, siteUrl: mail.siteUrl }),
        );
      });
      if (messageId === null) return { outcome: "not-sent" };
      // not awaited: the asker's answer must not say (by its timing) whether a mail went out
      void mail.outbox.sendNow(messageId, mail.sendTimeoutMs);
      return { outcome: "sent", messageId };
    },

    /** What a sign-in link's token is worth now, without using it (the page asks for a click first). */
    checkSignInLink: linkState,

    /**
     * Signs in with a sign-in link's token: used at most once, however many requests carry it at
     * the same moment (one statement marks it used and says whether it was usable), and only
     * within its SIGN_IN_LINK.minutes. Starts a session like a password sign-in does, and the
     * browser is recognised from then on (a device cookie).
     */
    async signInWithLink(input: { token: string; client: string; device?: string }): Promise<LinkSignInResult> {
      if (!TOKEN_SHAPE.test(input.token)) return { outcome: "invalid" };
      const at = now();
      const [link] = await db
        .update(signInLinks)
        .set({ usedAt: at })
        .where(
          and(
            eq(signInLinks.tokenHash, tokenHash(input.token)),
            isNull(signInLinks.usedAt),
            gt(signInLinks.expiresAt, at),
          ),
        )
        .returning({ userId: signInLinks.userId });
      if (!link) {
        const state = await linkState(input.token);
        // (it reads as valid only if another request used it between the two statements)
        return { outcome: state === "valid" ? "used" : state };
      }
      const [user] = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(eq(users.id, link.userId));
      if (!user) return { outcome: "invalid" };
      const account = user.username.toLowerCase();
      const deviceId = await recognisedDevice(input.device, account);
      // as after a right password, the browser's own failures are forgotten (not the others')
      await rateLimits.reset(ownFailuresKey(deviceId, input.client, account));
      return { outcome: "signed-in", ...(await startSession(user, deviceId)) };
    },

    /**
     * Replaces the signed-in admin's password after checking the current one (wrong guesses are
     * throttled per account, so a stolen session cannot try passwords freely). Every session of
     * the account ends, the asking one's too, and every unused sign-in link; the browser that
     * asked gets a new session (`token`), so it stays signed in and a copy of its old cookie
     * stops working.
     */
    async changePassword(input: {
      userId: number;
      currentPassword: string;
      newPassword: string;
    }): Promise<PasswordChangeResult> {
      const key = `password-change:${input.userId}`;
      const { allowed, retryAfterSeconds } = await rateLimits.hit(
        key,
        LOGIN_LIMITS.passwordChange.max,
        LOGIN_LIMITS.passwordChange.windowMs,
      );
      if (!allowed) return { outcome: "throttled", retryAfterSeconds };
      const [user] = await db
        .select({ id: users.id, username: users.username, password: users.password })
        .from(users)
        .where(eq(users.id, input.userId));
      if (!user || !(await checkPassword(user, input.currentPassword))) return { outcome: "wrong-password" };
      const hashed = await hash(input.newPassword, ARGON2_OPTIONS);
      const token = newToken();
      const id = tokenHash(token);
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + SESSION_LIFETIME_MS);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ password: hashed }).where(eq(users.id, user.id));
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
        await tx.delete(signInLinks).where(and(eq(signInLinks.userId, user.id), isNull(signInLinks.usedAt)));
        await tx
          .insert(sessions)
          .values({ tokenHash: id, userId: user.id, createdAt, lastSeenAt: createdAt, expiresAt });
      });
      await rateLimits.reset(key);
      return { outcome: "changed", token, session: { user: { id: user.id, username: user.username }, expiresAt, id } };
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
      return { user: { id: row.userId, username: row.username }, expiresAt: row.expiresAt, id: row.tokenHash };
    },

    /** Signing out: ends the session of a token (idempotent); true when a session ended (the audit log records only those). */
    logout: endSession,

    /** Ends the session a new sign-in replaces: the same as logout, but not a sign-out in the audit log. */
    endSession,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
