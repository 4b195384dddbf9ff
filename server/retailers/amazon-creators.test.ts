import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseAllowHosts } from "#server/outbound/address-rules.ts";
import { createSafeFetch } from "#server/outbound/safe-fetch.ts";
import { type CreatorsContractServer, startCreatorsContractServer } from "../../tests/support/amazon-creators-server";
import {
  type CreatorsApiError,
  type CreatorsApiOptions,
  type CreatorsCredentialVersion,
  createCreatorsApiClient,
  GET_ITEMS_RESOURCES,
} from "./amazon-creators";
import { createIntervalTurns } from "./request-turns";

let amazon: CreatorsContractServer;
let cognito: CreatorsContractServer;
const logLines: string[] = [];
const logger = pino({ level: "debug" }, { write: (line: string) => logLines.push(line) });

/** A clock the tests move; sleeps are recorded and advance it instead of waiting. */
function fakeTime() {
  const time = { now: Date.parse("2026-11-25T14:11:00Z"), sleeps: [] as number[] };
  return {
    time,
    now: () => time.now,
    sleep: async (ms: number) => {
      time.sleeps.push(ms);
      time.now += ms;
    },
  };
}

const asin = (n: number) => `B0TOY${String(n).padStart(5, "0")}`;

function seed(server: CreatorsContractServer) {
  server.items.clear();
  for (let n = 1; n <= 30; n++)
    server.items.set(asin(n), {
      asin: asin(n),
      title: `Toy ${n}`,
      imageUrl: `https://m.media-amazon.com/images/I/${n}.jpg`,
      price: { amount: 10 + n + 0.99, currency: "USD", displayAmount: `$${10 + n}.99` },
    });
}

function client(
  server: CreatorsContractServer,
  overrides: Partial<CreatorsApiOptions> & { turns?: { count: number } } = {},
  version: CreatorsCredentialVersion = "3.1",
) {
  const clock = fakeTime();
  const turns = overrides.turns ?? { count: 0 };
  const api = createCreatorsApiClient({
    clientId: server.clientId,
    clientSecret: server.clientSecret,
    credentialVersion: version,
    apiUrl: server.apiUrl,
    tokenUrl: server.tokenUrl,
    partnerTag: "pawsome-20",
    marketplace: "www.amazon.com",
    acquireTurn: async () => {
      turns.count++;
    },
    logger,
    now: clock.now,
    sleep: clock.sleep,
    random: () => 0.5,
    ...overrides,
  });
  return { api, clock, turns };
}

async function failure(promise: Promise<unknown>): Promise<CreatorsApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ name: "CreatorsApiError" });
  return error as CreatorsApiError;
}

beforeAll(async () => {
  amazon = await startCreatorsContractServer();
  cognito = await startCreatorsContractServer({ credentialVersion: "2.1" });
});
afterAll(async () => {
  await amazon.close();
  await cognito.close();
});
beforeEach(() => {
  for (const server of [amazon, cognito]) {
    seed(server);
    server.requests.length = 0;
    server.tokens.length = 0;
    server.setEligible(true);
    server.setMinIntervalMs(0);
    server.setTokenLifetime(3600);
    server.throttleNext(0);
    server.failNext(0);
  }
});

describe("Creators API client: items", () => {
  it("answers an item in the site's terms: title, image, price, savings, stock, tagged link, time", async () => {
    amazon.items.set("B0ROPE0001", {
      asin: "B0ROPE0001",
      title: "  Braided Rope Toy  ",
      imageUrl: "https://m.media-amazon.com/images/I/rope.jpg",
      price: { amount: 8.7, currency: "EUR", displayAmount: "8,70 €" },
      savingBasis: { amount: 12.5, currency: "EUR", displayAmount: "12,50 €", type: "LIST_PRICE" },
      savings: { amount: 3.8, currency: "EUR", displayAmount: "3,80 €", percentage: 30 },
      availability: { type: "IN_STOCK_SCARCE", message: "Only 2 left in stock." },
    });
    const { api, clock } = client(amazon);
    const result = await api.getItems(["b0rope0001"], { marketplace: "www.amazon.de", partnerTag: "pawsomede-21" });
    expect(result).toEqual({
      items: [
        {
          asin: "B0ROPE0001",
          title: "Braided Rope Toy",
          imageUrl: "https://m.media-amazon.com/images/I/rope.jpg",
          price: { amount: "8.70", currency: "EUR", display: "8,70 €" },
          savings: {
            basis: { amount: "12.50", currency: "EUR", display: "12,50 €" },
            basisType: "LIST_PRICE",
            amount: { amount: "3.80", currency: "EUR", display: "3,80 €" },
            percentage: 30,
          },
          availability: "in_stock",
          availabilityMessage: "Only 2 left in stock.",
          detailPageUrl: "https://www.amazon.de/dp/B0ROPE0001?tag=pawsomede-21&linkCode=ogi&th=1&psc=1",
          fetchedAt: new Date(clock.time.now),
        },
      ],
      unavailable: [],
      missing: [],
      failed: [],
    });
    const [request] = amazon.apiRequests();
    expect(request?.headers["x-marketplace"]).toBe("www.amazon.de");
    expect(JSON.parse(request?.body ?? "{}")).toEqual({
      itemIds: ["B0ROPE0001"],
      partnerTag: "pawsomede-21",
      resources: [...GET_ITEMS_RESOURCES],
    });
  });

  it("maps OffersV2 availability types, and an item without offers as out of stock", async () => {
    const types = ["IN_STOCK", "OUT_OF_STOCK", "PREORDER", "LEADTIME", "AVAILABLE_DATE", "UNAVAILABLE", "UNKNOWN"];
    types.forEach((type, i) => {
      const item = amazon.items.get(asin(i + 1));
      if (item) item.availability = { type, message: type };
    });
    const noOffer = amazon.items.get(asin(8));
    if (noOffer) delete noOffer.price;
    const { api } = client(amazon);
    const { items } = await api.getItems(Array.from({ length: 8 }, (_, i) => asin(i + 1)));
    expect(items.map((item) => item.availability)).toEqual([
      "in_stock",
      "out_of_stock",
      "preorder",
      "backorder",
      "backorder",
      "out_of_stock",
      "unknown",
      "out_of_stock",
    ]);
    expect(items[7]).toMatchObject({ price: null, savings: null, availabilityMessage: null });
  });

  it("asks ten ASINs at a time: 25 ASINs are 3 requests of 10, 10 and 5, each after one turn", async () => {
    const { api, turns } = client(amazon);
    const asins = Array.from({ length: 25 }, (_, i) => asin(i + 1));
    const result = await api.getItems(asins);
    expect(result.items.map((item) => item.asin)).toEqual(asins);
    expect(amazon.apiRequests().map((request) => JSON.parse(request.body).itemIds.length)).toEqual([10, 10, 5]);
    expect(turns.count).toBe(3);
    expect(amazon.tokens.length).toBeGreaterThan(0);
  });

  it("keeps to Amazon's pace through the turns: a server refusing requests under 100 ms apart never throttles", async () => {
    amazon.setMinIntervalMs(100);
    // Turns space the sending; the margin over the server's gap absorbs a busy machine's delays
    // between sending and arriving (the shared limiter needs such a margin over 1 s too).
    const { api } = client(amazon, { acquireTurn: createIntervalTurns(400) });
    const result = await api.getItems(Array.from({ length: 30 }, (_, i) => asin(i + 1)));
    expect(result.items).toHaveLength(30);
    expect(result.failed).toEqual([]);
    const times = amazon.apiRequests().map((request) => request.at);
    expect(times).toHaveLength(3);
    for (let i = 1; i < times.length; i++) expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(100);
  });

  it("reports an ASIN that no longer exists from the answer's errors, and returns the batch's others", async () => {
    amazon.items.delete(asin(2));
    const { api } = client(amazon);
    const result = await api.getItems([asin(1), asin(2), asin(3)]);
    expect(result.items.map((item) => item.asin)).toEqual([asin(1), asin(3)]);
    expect(result.unavailable).toEqual([
      {
        asin: asin(2),
        code: "ItemNotAccessible",
        message: `The ItemId ${asin(2)} is not accessible through the Creators API.`,
      },
    ]);
    expect(result.missing).toEqual([]);
  });

  it("reports every ASIN of a batch Amazon answers 404 for, and text that is no ASIN without asking", async () => {
    amazon.items.clear();
    const { api } = client(amazon);
    const result = await api.getItems([asin(1), asin(2), "not-an-asin"]);
    expect(result.unavailable).toEqual([
      { asin: "NOT-AN-ASIN", code: "InvalidAsin", message: "an ASIN is 10 letters and digits" },
      { asin: asin(1), code: "ResourceNotFoundException", message: "No items were found for the request" },
      { asin: asin(2), code: "ResourceNotFoundException", message: "No items were found for the request" },
    ]);
    expect(JSON.parse(amazon.apiRequests()[0]?.body ?? "{}").itemIds).toEqual([asin(1), asin(2)]);
  });

  it("reports ASINs a partial answer leaves out as missing, not as gone", async () => {
    amazon.omitFromNextAnswer([asin(2)]);
    const { api } = client(amazon);
    const result = await api.getItems([asin(1), asin(2), asin(3)]);
    expect(result.items.map((item) => item.asin)).toEqual([asin(1), asin(3)]);
    expect(result.unavailable).toEqual([]);
    expect(result.missing).toEqual([asin(2)]);
  });

  it("reports a cut-off and a wrongly shaped answer as malformed for that batch, and goes on with the next", async () => {
    const { api } = client(amazon);
    amazon.truncateNextAnswer();
    const cut = await api.getItems(Array.from({ length: 12 }, (_, i) => asin(i + 1)));
    expect(cut.failed).toHaveLength(1);
    expect(cut.failed[0]?.asins).toHaveLength(10);
    expect(cut.failed[0]?.error).toMatchObject({
      kind: "malformed_answer",
      message: "the Creators API answer is not JSON (cut short?)",
    });
    expect(cut.items.map((item) => item.asin)).toEqual([asin(11), asin(12)]);

    amazon.garbleNextAnswer();
    const garbled = await api.getItems([asin(1)]);
    expect(garbled.failed[0]?.error).toMatchObject({
      kind: "malformed_answer",
      message:
        "the Creators API answer: itemsResult.items.0.offersV2.listings.0.price.money.amount: Invalid input: expected number, received string",
    });
  });
});

describe("Creators API client: tokens", () => {
  it("gets a token by client credentials (Login with Amazon: JSON) and reuses it until shortly before it expires", async () => {
    const { api, clock } = client(amazon);
    await api.getItems([asin(1)]);
    await api.getItems([asin(2)]);
    expect(amazon.tokens).toHaveLength(1);
    const [tokenRequest] = amazon.requests;
    expect(tokenRequest?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(tokenRequest?.body ?? "{}")).toEqual({
      grant_type: "client_credentials",
      client_id: amazon.clientId,
      client_secret: amazon.clientSecret,
      scope: "creatorsapi::default",
    });
    expect(amazon.apiRequests()[0]?.headers.authorization).toBe(`Bearer ${amazon.tokens[0]}`);

    clock.time.now += 3_600_000 - 59_000; // inside the last minute of the hour
    await api.getItems([asin(3)]);
    expect(amazon.tokens).toHaveLength(2);
    expect(amazon.apiRequests()[2]?.headers.authorization).toBe(`Bearer ${amazon.tokens[1]}`);
  });

  it("speaks Cognito's dialect for 2.x credentials: a form, its scope, and the version beside the token", async () => {
    const { api } = client(cognito, {}, "2.1");
    expect((await api.getItems([asin(1)])).items).toHaveLength(1);
    const [tokenRequest, apiRequest] = cognito.requests;
    expect(tokenRequest?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body))).toMatchObject({ scope: "creatorsapi/default" });
    expect(apiRequest?.headers.authorization).toBe(`Bearer ${cognito.tokens.at(-1)}, Version 2.1`);
  });

  it("renews a token the API says has expired once, and retries the request with it", async () => {
    const { api } = client(amazon);
    await api.getItems([asin(1)]);
    amazon.expireTokens();
    const result = await api.getItems([asin(2)]);
    expect(result.items.map((item) => item.asin)).toEqual([asin(2)]);
    expect(amazon.tokens).toHaveLength(2);
    expect(amazon.apiRequests().map((request) => request.headers.authorization)).toEqual([
      `Bearer ${amazon.tokens[0]}`,
      `Bearer ${amazon.tokens[0]}`,
      `Bearer ${amazon.tokens[1]}`,
    ]);
  });

  it("renews only once: a fresh token refused as expired too is a credentials problem, not a loop", async () => {
    // expired on arrival by the server's word, not by a 1 ms lifetime a fast call could beat
    amazon.expireNewTokens();
    const { api } = client(amazon, { renewBeforeMs: 0 });
    const error = await failure(api.getItems([asin(1)]));
    expect(error).toMatchObject({ kind: "invalid_credentials", status: 401, code: "TokenExpired" });
    expect(amazon.tokens).toHaveLength(2);
    expect(amazon.apiRequests()).toHaveLength(2);
  });

  it("reports refused credentials without retrying and without calling the API", async () => {
    const { api } = client(amazon, { clientSecret: "wrong" });
    const error = await failure(api.getItems([asin(1)]));
    expect(error).toMatchObject({ kind: "invalid_credentials", status: 401, code: "invalid_client" });
    expect(error.message).toBe(
      "the Creators API credentials were refused (invalid_client): check the client id, secret and credential version",
    );
    expect(amazon.requests).toHaveLength(1);

    const cognitoError = await failure(client(cognito, { clientId: "nobody" }, "2.1").api.getItems([asin(1)]));
    expect(cognitoError).toMatchObject({ kind: "invalid_credentials", status: 400, code: "invalid_client" });
  });

  it("reports an account without qualifying sales as not eligible, at once", async () => {
    amazon.setEligible(false);
    const { api } = client(amazon);
    const error = await failure(api.getItems(Array.from({ length: 25 }, (_, i) => asin(i + 1))));
    expect(error).toMatchObject({ kind: "not_eligible", status: 403, code: "AssociateNotEligible" });
    expect(amazon.apiRequests()).toHaveLength(1);
  });

  it("never writes the bearer token or the secret to a log or an error", async () => {
    logLines.length = 0;
    const { api } = client(amazon);
    await api.getItems([asin(1)]);
    amazon.expireTokens();
    amazon.throttleNext(1, "1");
    await api.getItems([asin(2)]);
    amazon.failNext(5);
    const result = await api.getItems([asin(3)]);
    const badSecret = await failure(client(amazon, { clientSecret: "wrong-secret-xyz" }).api.getItems([asin(1)]));

    const everything = [
      ...logLines,
      JSON.stringify(result),
      String(result.failed[0]?.error),
      JSON.stringify(badSecret),
      badSecret.message,
    ].join("\n");
    expect(logLines.length).toBeGreaterThan(3);
    expect(amazon.tokens.length).toBeGreaterThanOrEqual(2);
    for (const token of amazon.tokens) expect(everything).not.toContain(token.slice(4));
    expect(everything).not.toContain(amazon.clientSecret);
    expect(everything).not.toContain("wrong-secret-xyz");
  });
});

describe("Creators API client: throttling and server errors", () => {
  it("backs off exponentially with jitter on 429, one turn per attempt, then succeeds", async () => {
    amazon.throttleNext(2);
    const { api, clock, turns } = client(amazon, { baseDelayMs: 1_000 });
    const result = await api.getItems([asin(1)]);
    expect(result.items).toHaveLength(1);
    expect(amazon.apiRequests()).toHaveLength(3);
    expect(turns.count).toBe(3);
    // random() = 0.5: half the step plus a quarter of it
    expect(clock.time.sleeps).toEqual([750, 1_500]);
  });

  it("waits at least as long as Retry-After asks", async () => {
    amazon.throttleNext(1, "7");
    const { api, clock } = client(amazon, { baseDelayMs: 1_000 });
    await api.getItems([asin(1)]);
    expect(clock.time.sleeps).toEqual([7_000]);
  });

  it("gives up after maxAttempts, reporting this batch and the ones after it unsent, with Retry-After", async () => {
    amazon.throttleNext(10, "2");
    const { api, clock, turns } = client(amazon, { maxAttempts: 3 });
    const asins = Array.from({ length: 25 }, (_, i) => asin(i + 1));
    const result = await api.getItems(asins);
    expect(result.items).toEqual([]);
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]?.asins).toEqual(asins);
    expect(result.failed[0]?.error).toMatchObject({
      kind: "throttled",
      status: 429,
      retryAfterMs: 2_000,
      message: "the Creators API is still throttling after 3 attempts",
    });
    expect(amazon.apiRequests()).toHaveLength(3);
    expect(turns.count).toBe(3);
    expect(clock.time.sleeps).toHaveLength(2);
  });

  it("does not sleep through a Retry-After longer than its longest backoff: it hands it to the caller", async () => {
    amazon.throttleNext(1, "3600");
    const { api, clock } = client(amazon, { maxDelayMs: 30_000 });
    const result = await api.getItems([asin(1)]);
    expect(result.failed[0]?.error).toMatchObject({ kind: "throttled", retryAfterMs: 3_600_000 });
    expect(clock.time.sleeps).toEqual([]);
    expect(amazon.apiRequests()).toHaveLength(1);
  });

  it("retries a 5xx, and reports the API unavailable when it persists", async () => {
    amazon.failNext(1, 503);
    const { api } = client(amazon);
    expect((await api.getItems([asin(1)])).items).toHaveLength(1);

    amazon.failNext(10, 500);
    const persistent = await client(amazon, { maxAttempts: 2 }).api.getItems([asin(1)]);
    expect(persistent.failed[0]?.error).toMatchObject({ kind: "unavailable", status: 500 });
  });

  it("works through the safe outbound fetcher when the allow list names the server, and is refused otherwise", async () => {
    const host = new URL(amazon.apiUrl).host;
    const allowed = client(amazon, { fetch: createSafeFetch({ allowHosts: parseAllowHosts([host]) }).fetch });
    expect((await allowed.api.getItems([asin(1)])).items).toHaveLength(1);

    const refused = client(amazon, { fetch: createSafeFetch().fetch });
    const error = await failure(refused.api.getItems([asin(1)]));
    expect(error.kind).toBe("blocked");
    expect(error.message).toBe(`the Creators API address is refused: 127.0.0.1 is a loopback address`);
  });
});
