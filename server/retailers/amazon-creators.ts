// A client of Amazon's Creators API, the successor of the Product Advertising API 5 that Amazon
// switched off on 2026-05-15 (issue 27, decision 054 says what it was built from). It looks up
// items by ASIN, ten to a request, and answers in the site's own terms (domain/retailer-item.ts).
// It is careful with Amazon's limits because an account that storms the API is throttled for
// everyone on it: every request waits for a turn (shared across instances by whoever wires it),
// throttling and server errors back off exponentially with jitter, Retry-After is honoured, and
// the number of attempts is bounded. The bearer token and the secret never reach a log or an error.
import { z } from "zod";
import {
  type Money,
  moneyFromNumber,
  type RetailerAvailability,
  type RetailerItem,
  type RetailerSavings,
} from "#domain/retailer-item.ts";
import type { Logger } from "#server/logger.ts";
import { OutboundError } from "#server/outbound/safe-fetch.ts";
import type { AcquireTurn } from "./request-turns";

export const CREATORS_API_URL = "https://creatorsapi.amazon";

/**
 * The token endpoint of each credential version, as Amazon's SDKs list them: 2.x are Amazon
 * Cognito user pools (North America, Europe, Far East), 3.x Login with Amazon in the same regions.
 * The version is shown beside the credential in Associates Central.
 */
export const CREATORS_TOKEN_URLS = {
  "2.1": "https://creatorsapi.auth.us-east-1.amazoncognito.com/oauth2/token",
  "2.2": "https://creatorsapi.auth.eu-south-2.amazoncognito.com/oauth2/token",
  "2.3": "https://creatorsapi.auth.us-west-2.amazoncognito.com/oauth2/token",
  "3.1": "https://api.amazon.com/auth/o2/token",
  "3.2": "https://api.amazon.co.uk/auth/o2/token",
  "3.3": "https://api.amazon.co.jp/auth/o2/token",
} as const;

export type CreatorsCredentialVersion = keyof typeof CREATORS_TOKEN_URLS;

/** Most ASINs one GetItems request may carry; the API refuses more. */
export const GET_ITEMS_BATCH = 10;

/** What the site shows of an item: title, image, price with savings, stock, and the tagged link. */
export const GET_ITEMS_RESOURCES = [
  "itemInfo.title",
  "images.primary.large",
  "images.primary.medium",
  "offersV2.listings.price",
  "offersV2.listings.availability",
  "offersV2.listings.isBuyBoxWinner",
] as const;

export type CreatorsApiErrorKind =
  /** the token endpoint refused the client id and secret, or the API refused a fresh token */
  | "invalid_credentials"
  /** the Associates account lacks the qualifying sales the API requires (AssociateNotEligible) */
  | "not_eligible"
  /** any other 403 */
  | "access_denied"
  /** the API refused the request as malformed (a bad partner tag, marketplace, ...) */
  | "invalid_request"
  /** still throttled after the allowed attempts; retryAfterMs says when Amazon asked to come back */
  | "throttled"
  /** server errors or network failures after the allowed attempts */
  | "unavailable"
  /** the outbound rules refused the address (decision 054): a configuration problem, never retried */
  | "blocked"
  /** an answer that is not the documented shape: never guessed at */
  | "malformed_answer";

/** Why a Creators API call failed, in terms the sync can act on. */
export class CreatorsApiError extends Error {
  readonly kind: CreatorsApiErrorKind;
  /** the HTTP status of the last answer, when there was one */
  readonly status: number | null;
  /** Amazon's reason or error code (AssociateNotEligible, invalid_client, ...), when it sent one */
  readonly code: string | null;
  /** how long Amazon asked us to wait (Retry-After), when it did */
  readonly retryAfterMs: number | null;

  constructor(
    kind: CreatorsApiErrorKind,
    message: string,
    details: { status?: number | null; code?: string | null; retryAfterMs?: number | null; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = "CreatorsApiError";
    this.kind = kind;
    this.status = details.status ?? null;
    this.code = details.code ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
  }
}

/** fetch's shape as far as the client uses it: the global fetch or the safe one (server/outbound). */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<Response>;

export interface CreatorsApiOptions {
  clientId: string;
  clientSecret: string;
  credentialVersion: CreatorsCredentialVersion;
  /** AMAZON_CREATORS_API_URL; default Amazon's */
  apiUrl?: string;
  /** AMAZON_CREATORS_TOKEN_URL; default the credential version's */
  tokenUrl?: string;
  /** the marketplace and associate tag of calls that do not name their own */
  marketplace?: string;
  partnerTag?: string;
  /** awaited before every API request (not before token requests, which go to another service) */
  acquireTurn: AcquireTurn;
  fetch?: FetchLike;
  logger: Logger;
  /** attempts per request, the first included; default 4 */
  maxAttempts?: number;
  /** first backoff; doubled per attempt up to maxDelayMs; defaults 1 s and 30 s */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** per request; default 10 s */
  requestTimeoutMs?: number;
  /** a token is renewed this long before it expires (at most half its life); default 60 s */
  renewBeforeMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** in [0, 1): the jitter's source */
  random?: () => number;
}

export interface ItemLookupOptions {
  /** "www.amazon.com", "www.amazon.co.uk", ... */
  marketplace?: string;
  partnerTag?: string;
}

/** An ASIN Amazon answered for without an item: gone, or not offered through the API. */
export interface UnavailableItem {
  asin: string;
  /** Amazon's error code: ItemNotAccessible, InvalidParameterValue, ..., or InvalidAsin for text that is no ASIN */
  code: string;
  message: string;
}

export interface GetItemsResult {
  items: RetailerItem[];
  unavailable: UnavailableItem[];
  /** asked for but neither in the answer nor in its errors (a partial answer): ask again later */
  missing: string[];
  /** batches that failed as a whole; a throttled or unavailable API also leaves the batches after it here, unsent */
  failed: { asins: string[]; error: CreatorsApiError }[];
}

// --- The wire: camelCase JSON as the Creators API SDKs model it. Unknown fields are dropped, so
// a field Amazon adds later changes nothing; a field of the wrong type fails the whole answer.
const MoneySchema = z.object({
  amount: z.number(),
  currency: z.string(),
  displayAmount: z.string().nullish(),
});
const ImageSchema = z.object({ url: z.string(), height: z.number().nullish(), width: z.number().nullish() });
const ListingSchema = z.object({
  availability: z.object({ type: z.string().nullish(), message: z.string().nullish() }).nullish(),
  isBuyBoxWinner: z.boolean().nullish(),
  price: z
    .object({
      money: MoneySchema.nullish(),
      savings: z.object({ money: MoneySchema.nullish(), percentage: z.number().nullish() }).nullish(),
      savingBasis: z.object({ money: MoneySchema.nullish(), savingBasisType: z.string().nullish() }).nullish(),
    })
    .nullish(),
});
const ItemSchema = z.object({
  asin: z.string(),
  detailPageURL: z.string().nullish(),
  images: z
    .object({
      primary: z
        .object({ large: ImageSchema.nullish(), medium: ImageSchema.nullish(), small: ImageSchema.nullish() })
        .nullish(),
    })
    .nullish(),
  itemInfo: z.object({ title: z.object({ displayValue: z.string() }).nullish() }).nullish(),
  offersV2: z.object({ listings: z.array(ListingSchema).nullish() }).nullish(),
});
const GetItemsResponseSchema = z.object({
  itemsResult: z.object({ items: z.array(ItemSchema).nullish() }).nullish(),
  errors: z.array(z.object({ code: z.string(), message: z.string() })).nullish(),
});
/** Every error answer of the API: {type, message, reason}; the OAuth servers answer {error, error_description}. */
const ErrorBodySchema = z.object({
  type: z.string().nullish(),
  message: z.string().nullish(),
  reason: z.string().nullish(),
  error: z.string().nullish(),
  error_description: z.string().nullish(),
});
const TokenSchema = z.object({
  access_token: z.string().min(1),
  // Some OAuth servers send the lifetime as text; Amazon's SDKs assume an hour when it is missing.
  expires_in: z.coerce.number().positive().optional(),
});

type WireItem = z.infer<typeof ItemSchema>;
type WireMoney = z.infer<typeof MoneySchema>;

const ASIN = /^[A-Z0-9]{10}$/;

/**
 * OffersV2 availability types onto the feed vocabulary: IN_STOCK_SCARCE is still in stock;
 * LEADTIME (ships after a delay) and AVAILABLE_DATE (orderable, ships on a later date) are what
 * Google calls backorder; UNAVAILABLE is out of stock. UNKNOWN and new values stay unknown.
 */
const AVAILABILITY_TYPES: Record<string, RetailerAvailability> = {
  IN_STOCK: "in_stock",
  IN_STOCK_SCARCE: "in_stock",
  OUT_OF_STOCK: "out_of_stock",
  UNAVAILABLE: "out_of_stock",
  PREORDER: "preorder",
  LEADTIME: "backorder",
  AVAILABLE_DATE: "backorder",
};

function money(wire: WireMoney | null | undefined): Money | null {
  return wire ? moneyFromNumber(wire.amount, wire.currency.toUpperCase(), wire.displayAmount) : null;
}

/** One wire item in the site's terms, from its buy box offer (the first listing when none is marked). */
export function toRetailerItem(item: WireItem, fetchedAt: Date): RetailerItem {
  const listings = item.offersV2?.listings ?? [];
  const listing = listings.find((candidate) => candidate.isBuyBoxWinner) ?? listings[0];
  const price = listing?.price;
  const basis = money(price?.savingBasis?.money);
  const saved = money(price?.savings?.money);
  const percentage = price?.savings?.percentage ?? null;
  const savings: RetailerSavings | null =
    basis || saved || percentage !== null
      ? { basis, basisType: price?.savingBasis?.savingBasisType ?? null, amount: saved, percentage }
      : null;
  const type = listing?.availability?.type?.toUpperCase();
  // An item without any offer cannot be bought: Amazon's page says "Currently unavailable".
  const availability: RetailerAvailability = !listing
    ? "out_of_stock"
    : type
      ? (AVAILABILITY_TYPES[type] ?? "unknown")
      : "unknown";
  const image = item.images?.primary;
  return {
    asin: item.asin.toUpperCase(),
    title: item.itemInfo?.title?.displayValue.trim() || null,
    imageUrl: image?.large?.url ?? image?.medium?.url ?? image?.small?.url ?? null,
    price: money(price?.money),
    savings,
    availability,
    availabilityMessage: listing?.availability?.message?.trim() || null,
    detailPageUrl: item.detailPageURL ?? null,
    fetchedAt,
  };
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; null when absent or unreadable. */
function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header.trim());
  if (header.trim() !== "" && Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

async function readErrorBody(response: Response): Promise<z.infer<typeof ErrorBodySchema>> {
  const text = await response.text().catch(() => "");
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function zodSummary(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
}

/** Creates a Creators API client for one set of credentials (one region's). */
export function createCreatorsApiClient(options: CreatorsApiOptions) {
  const version = options.credentialVersion;
  const lwa = version.startsWith("3.");
  const apiUrl = (options.apiUrl ?? CREATORS_API_URL).replace(/\/+$/, "");
  const tokenUrl = options.tokenUrl ?? CREATORS_TOKEN_URLS[version];
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const logger = options.logger;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const baseDelayMs = options.baseDelayMs ?? 1_000;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  const renewBeforeMs = options.renewBeforeMs ?? 60_000;
  const now = options.now ?? (() => Date.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;

  let token: { value: string; renewAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  /** Exponential backoff with "equal jitter": never less than half the step, so retries never bunch up at zero. */
  function backoff(attempt: number, askedMs: number | null): number {
    const step = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    return Math.max(askedMs ?? 0, Math.round(step / 2 + (random() * step) / 2));
  }

  function outboundFailure(error: unknown): CreatorsApiError | null {
    if (error instanceof OutboundError && ["blocked_address", "unsupported_scheme", "invalid_url"].includes(error.code))
      return new CreatorsApiError("blocked", `the Creators API address is refused: ${error.message}`, { cause: error });
    return null;
  }

  async function requestToken(): Promise<string> {
    // Login with Amazon (3.x) takes JSON and its own scope; Cognito (2.x) takes a form.
    const fields = {
      grant_type: "client_credentials",
      client_id: options.clientId,
      client_secret: options.clientSecret,
      scope: lwa ? "creatorsapi::default" : "creatorsapi/default",
    };
    const init = lwa
      ? { headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(fields) }
      : {
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: new URLSearchParams(fields).toString(),
        };
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await fetchImpl(tokenUrl, {
          method: "POST",
          ...init,
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
      } catch (error) {
        const refused = outboundFailure(error);
        if (refused) throw refused;
        if (attempt >= maxAttempts)
          throw new CreatorsApiError("unavailable", "the Creators API token service cannot be reached", {
            cause: error,
          });
        const delayMs = backoff(attempt, null);
        logger.warn({ attempt, delayMs }, "creators api token request failed to connect; retrying");
        await sleep(delayMs);
        continue;
      }
      if (response.ok) {
        const text = await response.text();
        let parsed: ReturnType<typeof TokenSchema.safeParse>;
        try {
          parsed = TokenSchema.safeParse(JSON.parse(text));
        } catch {
          throw new CreatorsApiError("malformed_answer", "the token service's answer is not JSON", {
            status: response.status,
          });
        }
        if (!parsed.success)
          throw new CreatorsApiError("malformed_answer", `the token service's answer: ${zodSummary(parsed.error)}`, {
            status: response.status,
          });
        const lifetimeMs = (parsed.data.expires_in ?? 3_600) * 1000;
        token = {
          value: parsed.data.access_token,
          renewAt: now() + lifetimeMs - Math.min(renewBeforeMs, lifetimeMs / 2),
        };
        logger.info({ expiresInSeconds: lifetimeMs / 1000 }, "creators api token obtained");
        return parsed.data.access_token;
      }
      const body = await readErrorBody(response);
      const code = body.error ?? body.reason ?? null;
      const asked = retryAfterMs(response.headers.get("retry-after"), now());
      if (response.status === 429 || response.status >= 500) {
        const kind = response.status === 429 ? "throttled" : "unavailable";
        if (attempt >= maxAttempts || (asked !== null && asked > maxDelayMs))
          throw new CreatorsApiError(kind, `the Creators API token service answered ${response.status}`, {
            status: response.status,
            code,
            retryAfterMs: asked,
          });
        const delayMs = backoff(attempt, asked);
        logger.warn({ status: response.status, attempt, delayMs }, "creators api token request refused; retrying");
        await sleep(delayMs);
        continue;
      }
      const credentials =
        response.status === 401 ||
        ["invalid_client", "unauthorized_client", "invalid_grant", "access_denied"].includes(code ?? "");
      throw new CreatorsApiError(
        credentials ? "invalid_credentials" : "invalid_request",
        credentials
          ? `the Creators API credentials were refused (${code ?? response.status}): check the client id, secret and credential version`
          : `the token service refused the request (${code ?? response.status})`,
        { status: response.status, code },
      );
    }
  }

  /** The cached token, or a new one; callers arriving together share one token request. */
  async function accessToken(): Promise<string> {
    if (token && now() < token.renewAt) return token.value;
    tokenRequest ??= requestToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  /** One GetItems request of at most ten ASINs, with the retries described at the top; throws CreatorsApiError. */
  async function getItemsBatch(
    asins: readonly string[],
    call: { marketplace: string; partnerTag: string },
  ): Promise<Omit<GetItemsResult, "failed">> {
    const body = JSON.stringify({ itemIds: asins, partnerTag: call.partnerTag, resources: GET_ITEMS_RESOURCES });
    let renewed = false;
    for (let attempt = 1; ; ) {
      const bearer = await accessToken();
      await options.acquireTurn();
      let response: Response;
      try {
        response = await fetchImpl(`${apiUrl}/catalog/v1/getItems`, {
          method: "POST",
          headers: {
            // Cognito credentials name their version beside the token; Login with Amazon ones do not.
            authorization: lwa ? `Bearer ${bearer}` : `Bearer ${bearer}, Version ${version}`,
            "content-type": "application/json",
            accept: "application/json",
            "x-marketplace": call.marketplace,
          },
          body,
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
      } catch (error) {
        const refused = outboundFailure(error);
        if (refused) throw refused;
        if (attempt >= maxAttempts)
          throw new CreatorsApiError("unavailable", `the Creators API cannot be reached (${attempt} attempts)`, {
            cause: error,
          });
        const delayMs = backoff(attempt, null);
        logger.warn(
          { attempt, delayMs, marketplace: call.marketplace },
          "creators api request failed to connect; retrying",
        );
        await sleep(delayMs);
        attempt++;
        continue;
      }

      if (response.ok) return readItems(response, asins);
      const error = await readErrorBody(response);
      const reason = error.reason ?? error.type ?? null;
      const message = error.message ?? error.error_description ?? "";
      const status = response.status;

      if (status === 401) {
        // An expired or revoked token is renewed once; a fresh token refused means the credentials are.
        if (!renewed && (reason === "TokenExpired" || reason === "InvalidToken")) {
          renewed = true;
          token = null;
          logger.info({ reason }, "creators api token refused; renewing it once");
          continue;
        }
        throw new CreatorsApiError(
          "invalid_credentials",
          `the Creators API refused the credentials (${reason ?? status})`,
          {
            status,
            code: reason,
          },
        );
      }
      if (status === 403)
        throw reason === "AssociateNotEligible"
          ? new CreatorsApiError(
              "not_eligible",
              "the Associates account is not eligible for the Creators API (it needs recent qualifying sales)",
              { status, code: reason },
            )
          : new CreatorsApiError("access_denied", `the Creators API denied access (${reason ?? status})`, {
              status,
              code: reason,
            });
      if (status === 404)
        // The API answers 404 when none of the ASINs asked for is an item.
        return {
          items: [],
          unavailable: asins.map((asin) => ({
            asin,
            code: reason ?? "ResourceNotFound",
            message: message || "not found",
          })),
          missing: [],
        };
      if (status === 429 || status >= 500) {
        const kind = status === 429 ? "throttled" : "unavailable";
        const asked = retryAfterMs(response.headers.get("retry-after"), now());
        // A wait longer than our longest backoff is the sync's to schedule, not ours to sleep through.
        if (attempt >= maxAttempts || (asked !== null && asked > maxDelayMs))
          throw new CreatorsApiError(
            kind,
            status === 429
              ? `the Creators API is still throttling after ${attempt} attempts`
              : `the Creators API answered ${status} ${attempt} times`,
            { status, code: reason, retryAfterMs: asked },
          );
        const delayMs = backoff(attempt, asked);
        logger.warn(
          { status, attempt, delayMs, marketplace: call.marketplace },
          "creators api request refused; retrying",
        );
        await sleep(delayMs);
        attempt++;
        continue;
      }
      throw new CreatorsApiError(
        reason === "InvalidAssociate" ? "invalid_credentials" : "invalid_request",
        `the Creators API refused the request (${reason ?? status})${message ? `: ${message}` : ""}`,
        { status, code: reason },
      );
    }
  }

  async function readItems(response: Response, asins: readonly string[]): Promise<Omit<GetItemsResult, "failed">> {
    const text = await response.text().catch((error: unknown) => {
      throw new CreatorsApiError("malformed_answer", "the Creators API answer was cut off", {
        status: response.status,
        cause: error,
      });
    });
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new CreatorsApiError("malformed_answer", "the Creators API answer is not JSON (cut short?)", {
        status: response.status,
        cause: error,
      });
    }
    const parsed = GetItemsResponseSchema.safeParse(json);
    if (!parsed.success)
      throw new CreatorsApiError("malformed_answer", `the Creators API answer: ${zodSummary(parsed.error)}`, {
        status: response.status,
      });
    const fetchedAt = new Date(now());
    const requested = new Set(asins);
    const items = (parsed.data.itemsResult?.items ?? [])
      .map((item) => toRetailerItem(item, fetchedAt))
      .filter((item) => requested.has(item.asin));
    const answered = new Set(items.map((item) => item.asin));
    // Per-item errors carry no ASIN field, only a message naming it ("The ItemId B0... is not accessible ...").
    const unavailable: UnavailableItem[] = [];
    for (const error of parsed.data.errors ?? []) {
      const asin = asins.find(
        (candidate) => !answered.has(candidate) && error.message.toUpperCase().includes(candidate),
      );
      if (asin) {
        unavailable.push({ asin, code: error.code, message: error.message });
        answered.add(asin);
      } else logger.warn({ code: error.code }, "creators api error names none of the ASINs asked for");
    }
    return { items, unavailable, missing: asins.filter((asin) => !answered.has(asin)) };
  }

  /**
   * Looks up any number of ASINs, ten per request, one request per turn. Credential and
   * eligibility failures throw (no later batch could succeed); a batch that fails otherwise is
   * reported in `failed`, and after throttling or an outage the rest are left unsent there too.
   */
  async function getItems(asins: readonly string[], lookup: ItemLookupOptions = {}): Promise<GetItemsResult> {
    const marketplace = lookup.marketplace ?? options.marketplace ?? "www.amazon.com";
    const partnerTag = lookup.partnerTag ?? options.partnerTag;
    if (!partnerTag) throw new CreatorsApiError("invalid_request", "a partner tag (associate tag) is required");
    const result: GetItemsResult = { items: [], unavailable: [], missing: [], failed: [] };
    const wanted: string[] = [];
    for (const raw of new Set(asins.map((asin) => asin.trim().toUpperCase()))) {
      if (ASIN.test(raw)) wanted.push(raw);
      else result.unavailable.push({ asin: raw, code: "InvalidAsin", message: "an ASIN is 10 letters and digits" });
    }
    for (let start = 0; start < wanted.length; start += GET_ITEMS_BATCH) {
      const batch = wanted.slice(start, start + GET_ITEMS_BATCH);
      try {
        const answer = await getItemsBatch(batch, { marketplace, partnerTag });
        result.items.push(...answer.items);
        result.unavailable.push(...answer.unavailable);
        result.missing.push(...answer.missing);
      } catch (error) {
        if (!(error instanceof CreatorsApiError)) throw error;
        if (["invalid_credentials", "not_eligible", "access_denied", "blocked"].includes(error.kind)) throw error;
        if (error.kind === "throttled" || error.kind === "unavailable") {
          result.failed.push({ asins: wanted.slice(start), error });
          break;
        }
        result.failed.push({ asins: batch, error });
      }
    }
    return result;
  }

  return { getItems };
}

export type CreatorsApiClient = ReturnType<typeof createCreatorsApiClient>;
