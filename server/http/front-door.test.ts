import { request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";
import type { RequestHandler } from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "../../tests/support/test-server";

// Cache hits are answered before Express (front-door.ts). Whatever path a request takes, the
// visitor and the log must not be able to tell, and nothing Express refuses may slip through.

let server: SeededTestServer;
let renders = 0;
const lines: Record<string, unknown>[] = [];

const page: RequestHandler = (_req, res) => {
  renders += 1;
  res
    .type("html")
    .send(
      `<!doctype html><h1>Toys</h1><p>${"Squeaky. ".repeat(300)}</p><script nonce="${res.locals.cspNonce}">go()</script>`,
    );
};

beforeAll(async () => {
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  server = await startSeededTestServer({
    pages: [page],
    readCacheTtlMs: 60_000,
    logger,
    mode: "production",
    allowedHosts: { extra: [] },
  });
});
afterAll(() => server.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw GET: the Host header and encodings exactly as given. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        headers: { host: "www.pawsomepicks.test", "accept-encoding": "gzip", ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const body = res.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString("utf8") });
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const nonceOf = (answer: Answer) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("the front door: cache hits before Express", () => {
  it("answers a hit with the headers a rendered page has, its own nonce, id and log line", async () => {
    const miss = await get("/guides?page=3");
    expect(miss.headers["x-cache"]).toBe("miss");
    lines.length = 0;
    const hit = await get("/guides?page=3", { "x-request-id": "visit-77" });
    expect(hit.status).toBe(200);
    expect(hit.headers["x-cache"]).toBe("hit");
    expect(hit.headers["x-request-id"]).toBe("visit-77");
    expect(renders).toBe(1);
    const nonce = nonceOf(hit);
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(nonceOf(miss));
    expect(hit.body).toContain(`<script nonce="${nonce}">go()</script>`);
    expect(hit.body).toBe(miss.body.replace(String(nonceOf(miss)), String(nonce)));
    for (const name of [
      "content-type",
      "cache-control",
      "strict-transport-security",
      "x-content-type-options",
      "referrer-policy",
      "cross-origin-opener-policy",
      "x-frame-options",
    ]) {
      expect({ name, value: hit.headers[name] }).toEqual({ name, value: miss.headers[name] });
    }
    expect(hit.headers.vary).toMatch(/Accept-Encoding/i);
    expect(String(hit.headers["content-security-policy"])).toBe(
      String(miss.headers["content-security-policy"]).replace(String(nonceOf(miss)), String(nonce)),
    );
    await settle();
    expect(lines).toEqual([
      expect.objectContaining({
        msg: "request completed",
        req: { id: "visit-77", method: "GET", url: "/guides?page=3" },
        res: { statusCode: 200 },
      }),
    ]);
  });

  it("still refuses a host the site does not answer to, with the page in the cache", async () => {
    await get("/reviews");
    expect((await get("/reviews")).headers["x-cache"]).toBe("hit");
    const rebinding = await get("/reviews", { host: "attacker.example" });
    expect(rebinding.status).toBe(421);
    expect(rebinding.body).not.toContain("Squeaky");
    const forwarded = await get("/reviews", { "x-forwarded-host": "attacker.example" });
    // not behind a trusted proxy: the forwarded name is ignored and Express serves the page
    expect(forwarded.status).toBe(200);
  });

  it("keeps every other spelling of a cached path on its usual answer", async () => {
    await get("/resources");
    expect((await get("/resources")).headers["x-cache"]).toBe("hit");
    for (const path of ["//resources", "/resources/./", "/%72esources", "/x/../resources"]) {
      const answer = await get(path);
      expect({ path, status: answer.status, location: answer.headers.location }).toEqual({
        path,
        status: 301,
        location: path === "/resources/./" ? "/resources/" : "/resources",
      });
    }
    expect((await get("/RESOURCES")).headers["x-cache"]).not.toBe("hit");
    expect((await get("/resources%00")).status).toBe(400);
  });

  it("never answers a request that carries a session from the cache", async () => {
    await get("/about-us");
    expect((await get("/about-us")).headers["x-cache"]).toBe("hit");
    const cookie = await adminCookie(server);
    const signedIn = await get("/about-us", { cookie });
    expect(signedIn.headers["x-cache"]).toBeUndefined();
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    const forged = await get("/about-us", { cookie: "__Host-pawsome_session=forged" });
    expect(forged.headers["x-cache"]).toBeUndefined();
    expect(forged.headers["cache-control"]).toBe("private, no-store");
  });

  it("leaves clients without gzip and HEAD requests to Express", async () => {
    await get("/toys-x");
    const plain = await get("/toys-x", { "accept-encoding": "identity" });
    expect(plain.headers["x-cache"]).toBe("hit");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(nonceOf(plain)).toBeTruthy();
    expect(plain.body).toContain(`nonce="${nonceOf(plain)}"`);
    const refused = await get("/toys-x", { "accept-encoding": "gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });
});
