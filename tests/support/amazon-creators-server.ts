// A local server that speaks the Amazon Creators API contract as far as the site uses it (issue
// 27, decision 054): the OAuth 2.0 client-credentials token endpoint (Login with Amazon's JSON and
// Cognito's form), and POST /catalog/v1/getItems with its camelCase answer, per-item errors, and
// the error bodies of its SDKs' models. Tests flip switches to make it throttle, fail, expire
// tokens, answer partly or cut its answer short, and read what reached it.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ContractItem {
  asin: string;
  title: string;
  imageUrl?: string;
  /** the buy box price; omit for an item without offers */
  price?: { amount: number; currency: string; displayAmount: string };
  savingBasis?: { amount: number; currency: string; displayAmount: string; type: string };
  savings?: { amount: number; currency: string; displayAmount: string; percentage: number };
  availability?: { type: string; message: string };
}

export interface ReceivedRequest {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  at: number;
}

export interface CreatorsContractServer {
  /** the API base URL (AMAZON_CREATORS_API_URL) */
  apiUrl: string;
  /** the token endpoint (AMAZON_CREATORS_TOKEN_URL) */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** every request that reached the server, token requests included */
  requests: ReceivedRequest[];
  /** the API's requests only */
  apiRequests(): ReceivedRequest[];
  /** every access token handed out, in order */
  tokens: string[];
  /** the items that exist; delete one to make it "no longer exist" (ItemNotAccessible) */
  items: Map<string, ContractItem>;
  setTokenLifetime(seconds: number): void;
  /** every token issued so far is now expired (401 TokenExpired) */
  expireTokens(): void;
  /** tokens issued from now on are expired on arrival, whatever lifetime they announce (no clock race) */
  expireNewTokens(): void;
  /** the next `count` API requests answer 429 ThrottleException, with Retry-After when given */
  throttleNext(count: number, retryAfter?: string): void;
  /** the next `count` API requests answer this 5xx */
  failNext(count: number, status?: number): void;
  /** the next API answer silently leaves these ASINs out */
  omitFromNextAnswer(asins: string[]): void;
  /** the next API answer is cut off halfway through its JSON */
  truncateNextAnswer(): void;
  /** the next API answer is JSON of the wrong shape (a price as text) */
  garbleNextAnswer(): void;
  /** false: every API request answers 403 AssociateNotEligible */
  setEligible(eligible: boolean): void;
  /** requests closer together than this answer 429, as Amazon's 1 request per second does (counted from now) */
  setMinIntervalMs(ms: number): void;
  close(): Promise<void>;
}

const RESOURCES = new Set([
  "itemInfo.title",
  "images.primary.small",
  "images.primary.medium",
  "images.primary.large",
  "offersV2.listings.price",
  "offersV2.listings.availability",
  "offersV2.listings.isBuyBoxWinner",
  "offersV2.listings.condition",
  "offersV2.listings.merchantInfo",
]);

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
}

function wireItem(item: ContractItem, partnerTag: string, marketplace: string) {
  const listing = item.price
    ? {
        availability: item.availability ?? { type: "IN_STOCK", message: "In Stock" },
        isBuyBoxWinner: true,
        price: {
          money: item.price,
          ...(item.savings
            ? {
                savings: {
                  money: {
                    amount: item.savings.amount,
                    currency: item.savings.currency,
                    displayAmount: item.savings.displayAmount,
                  },
                  percentage: item.savings.percentage,
                },
              }
            : {}),
          ...(item.savingBasis
            ? {
                savingBasis: {
                  money: {
                    amount: item.savingBasis.amount,
                    currency: item.savingBasis.currency,
                    displayAmount: item.savingBasis.displayAmount,
                  },
                  savingBasisType: item.savingBasis.type,
                  savingBasisTypeLabel: "List:",
                },
              }
            : {}),
        },
        type: "BUY_BOX",
      }
    : null;
  return {
    asin: item.asin,
    detailPageURL: `https://${marketplace}/dp/${item.asin}?tag=${partnerTag}&linkCode=ogi&th=1&psc=1`,
    images: item.imageUrl ? { primary: { large: { url: item.imageUrl, height: 500, width: 500 } } } : undefined,
    itemInfo: { title: { displayValue: item.title, label: "Title", locale: "en_US" } },
    offersV2: { listings: listing ? [listing] : [] },
  };
}

/** Starts the contract server on an ephemeral port of 127.0.0.1. */
export async function startCreatorsContractServer(
  options: { clientId?: string; clientSecret?: string; credentialVersion?: string; tokenLifetimeSeconds?: number } = {},
): Promise<CreatorsContractServer> {
  const clientId = options.clientId ?? "amzn1.application-oa2-client.test";
  const clientSecret = options.clientSecret ?? "amzn1.oa2-cs.v1.test-secret";
  const version = options.credentialVersion ?? "3.1";
  const lwa = version.startsWith("3.");
  let tokenLifetime = options.tokenLifetimeSeconds ?? 3600;
  let newTokensExpired = false;
  const requests: ReceivedRequest[] = [];
  const tokens: string[] = [];
  const live = new Map<string, number>();
  const items = new Map<string, ContractItem>();
  let throttle = 0;
  let throttleRetryAfter: string | undefined;
  let fail = 0;
  let failStatus = 500;
  let omit = new Set<string>();
  let truncate = false;
  let garble = false;
  let eligible = true;
  let minIntervalMs = 0;
  let lastApiRequestAt = Number.NEGATIVE_INFINITY;

  function token(req: IncomingMessage, res: ServerResponse, body: string): void {
    let fields: Record<string, string>;
    try {
      fields = lwa ? JSON.parse(body) : Object.fromEntries(new URLSearchParams(body));
    } catch {
      json(res, 400, { error: "invalid_request", error_description: "Malformed request" });
      return;
    }
    const type = req.headers["content-type"] ?? "";
    if (!type.startsWith(lwa ? "application/json" : "application/x-www-form-urlencoded")) {
      json(res, 400, { error: "invalid_request", error_description: "Unsupported content type" });
      return;
    }
    if (fields.grant_type !== "client_credentials") {
      json(res, 400, { error: "unsupported_grant_type", error_description: "Only client_credentials" });
      return;
    }
    if (fields.client_id !== clientId || fields.client_secret !== clientSecret) {
      // Login with Amazon answers 401, Cognito 400, both with invalid_client.
      json(res, lwa ? 401 : 400, { error: "invalid_client", error_description: "Client authentication failed" });
      return;
    }
    if (fields.scope !== (lwa ? "creatorsapi::default" : "creatorsapi/default")) {
      json(res, 400, { error: "invalid_scope", error_description: "The scope is not valid" });
      return;
    }
    const value = `Atc|${randomBytes(24).toString("base64url")}`;
    tokens.push(value);
    live.set(value, newTokensExpired ? 0 : Date.now() + tokenLifetime * 1000);
    json(res, 200, { access_token: value, token_type: "bearer", expires_in: tokenLifetime });
  }

  function getItems(req: IncomingMessage, res: ServerResponse, body: string): void {
    const now = Date.now();
    const tooSoon = now - lastApiRequestAt < minIntervalMs;
    lastApiRequestAt = now;
    const match = /^Bearer ([^\s,]+)(?:, Version (\S+))?$/.exec(req.headers.authorization ?? "");
    const bearer = match?.[1];
    const expiresAt = bearer ? live.get(bearer) : undefined;
    if (!bearer || expiresAt === undefined || (lwa ? match?.[2] !== undefined : match?.[2] !== version)) {
      json(res, 401, { type: "UnauthorizedException", message: "The access token is invalid", reason: "InvalidToken" });
      return;
    }
    if (now >= expiresAt) {
      json(res, 401, {
        type: "UnauthorizedException",
        message: "The access token has expired",
        reason: "TokenExpired",
      });
      return;
    }
    if (!eligible) {
      json(res, 403, {
        type: "AccessDeniedException",
        message: "The Associate does not have enough qualifying sales to access the Creators API",
        reason: "AssociateNotEligible",
      });
      return;
    }
    if (tooSoon || throttle > 0) {
      if (throttle > 0) throttle--;
      json(
        res,
        429,
        { type: "ThrottleException", message: "Rate exceeded", serviceCode: "creatorsapi", quotaCode: "TPS" },
        throttleRetryAfter ? { "retry-after": throttleRetryAfter } : {},
      );
      return;
    }
    if (fail > 0) {
      fail--;
      json(res, failStatus, { type: "InternalServerException", message: "We encountered an internal error" });
      return;
    }
    const marketplace = req.headers["x-marketplace"];
    let request: { itemIds?: unknown; partnerTag?: unknown; resources?: unknown };
    try {
      request = JSON.parse(body);
    } catch {
      json(res, 400, { type: "ValidationException", message: "Could not parse the request", reason: "CannotParse" });
      return;
    }
    const ids = request.itemIds;
    const problems: { path: string; message: string }[] = [];
    if (typeof marketplace !== "string" || !/^www\.amazon\.[a-z.]+$/.test(marketplace))
      problems.push({ path: "x-marketplace", message: "must name an Amazon marketplace" });
    if (typeof request.partnerTag !== "string" || !request.partnerTag.trim())
      problems.push({ path: "partnerTag", message: "is required" });
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > 10 || !ids.every((id) => typeof id === "string"))
      problems.push({ path: "itemIds", message: "must hold 1 to 10 item ids" });
    if (!Array.isArray(request.resources) || !request.resources.every((r) => typeof r === "string" && RESOURCES.has(r)))
      problems.push({ path: "resources", message: "holds an unknown resource" });
    if (problems.length > 0) {
      json(res, 400, {
        type: "ValidationException",
        message: "1 validation error detected",
        reason: "FieldValidationFailed",
        fieldList: problems,
      });
      return;
    }
    const asked = ids as string[];
    const found = asked.filter((id) => items.has(id) && !omit.has(id));
    const errors = asked
      .filter((id) => !items.has(id))
      .map((id) => ({
        code: "ItemNotAccessible",
        message: `The ItemId ${id} is not accessible through the Creators API.`,
      }));
    omit = new Set();
    if (found.length === 0 && errors.length === asked.length) {
      json(res, 404, { type: "ResourceNotFoundException", message: "No items were found for the request" });
      return;
    }
    const answer = JSON.stringify({
      itemsResult: {
        items: found.map((id) =>
          wireItem(items.get(id) as ContractItem, request.partnerTag as string, marketplace as string),
        ),
      },
      ...(errors.length > 0 ? { errors } : {}),
    });
    if (truncate) {
      truncate = false;
      res.writeHead(200, { "content-type": "application/json" }).end(answer.slice(0, Math.floor(answer.length / 2)));
      return;
    }
    if (garble) {
      garble = false;
      json(res, 200, JSON.parse(answer.replace(/"amount":(\d+(?:\.\d+)?)/, '"amount":"$1"')));
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(answer);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString();
      const path = req.url ?? "/";
      requests.push({ path, headers: req.headers, body, at: Date.now() });
      if (req.method === "POST" && path === "/auth/o2/token") token(req, res, body);
      else if (req.method === "POST" && path === "/catalog/v1/getItems") getItems(req, res, body);
      else json(res, 404, { type: "ResourceNotFoundException", message: "Unknown operation" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiUrl: origin,
    tokenUrl: `${origin}/auth/o2/token`,
    clientId,
    clientSecret,
    requests,
    apiRequests: () => requests.filter((request) => request.path === "/catalog/v1/getItems"),
    tokens,
    items,
    setTokenLifetime(seconds) {
      tokenLifetime = seconds;
      // a lifetime given: tokens live by the clock again
      newTokensExpired = false;
    },
    expireTokens() {
      for (const value of live.keys()) live.set(value, 0);
    },
    expireNewTokens() {
      newTokensExpired = true;
    },
    throttleNext(count, retryAfter) {
      throttle = count;
      throttleRetryAfter = retryAfter;
    },
    failNext(count, status = 500) {
      fail = count;
      failStatus = status;
    },
    omitFromNextAnswer(asins) {
      omit = new Set(asins);
    },
    truncateNextAnswer() {
      truncate = true;
    },
    garbleNextAnswer() {
      garble = true;
    },
    setEligible(value) {
      eligible = value;
    },
    setMinIntervalMs(ms) {
      minIntervalMs = ms;
      lastApiRequestAt = Number.NEGATIVE_INFINITY;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
