import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendJson } from "./json-answers";

let url = "";
let close = () => {};
let stringified = 0;
// a read-cache result is frozen; its text is made once however often it is sent
const cached = Object.freeze({
  name: "Rope",
  toJSON() {
    stringified += 1;
    return { name: "Rope", words: "Chew. ".repeat(300) };
  },
});

beforeAll(async () => {
  const app = express();
  app.get("/frozen", (req, res) => sendJson(req, res, cached));
  app.get("/fresh", (req, res) => sendJson(req, res, { name: "Draft" }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("public JSON answers", () => {
  it("makes a frozen result's text, ETag and gzip form once, and answers 304 to a client that has it", async () => {
    const plain = await fetch(`${url}/frozen`, { headers: { "accept-encoding": "identity" } });
    const gzipped = await fetch(`${url}/frozen`, { headers: { "accept-encoding": "gzip" } });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(await gzipped.json()).toEqual(await plain.json());
    const etag = String(plain.headers.get("etag"));
    expect(etag).toMatch(/^W\/"/);
    expect(gzipped.headers.get("etag")).toBe(etag);
    const again = await fetch(`${url}/frozen`, { headers: { "if-none-match": etag, "cache-control": "max-age=0" } });
    expect(again.status).toBe(304);
    expect(stringified).toBe(1);
  });

  it("sends anything else as Express does", async () => {
    const res = await fetch(`${url}/fresh`);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ name: "Draft" });
  });
});
