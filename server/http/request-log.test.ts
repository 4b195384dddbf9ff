import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLog } from "./request-log";

const lines: Record<string, unknown>[] = [];
let url = "";
let close = () => {};

beforeAll(async () => {
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const app = express();
  app.use(requestLog(logger));
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/boom", (_req, res) => {
    res.status(500).json({ message: "broken" });
  });
  app.get("/toys", (req, res) => {
    res.json({ id: req.id });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("the request log", () => {
  it("writes one line per request with its id, method, path, status and time; errors at error level", async () => {
    lines.length = 0;
    const res = await fetch(`${url}/toys?page=2`, { headers: { "x-request-id": "visit-42" } });
    expect(await res.json()).toEqual({ id: "visit-42" });
    await fetch(`${url}/boom`);
    await settle();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: "request completed",
      req: { id: "visit-42", method: "GET", url: "/toys?page=2" },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(lines[1]).toMatchObject({ level: 50, res: { statusCode: 500 } });
  });

  it("leaves health checks out of the log but still tags them", async () => {
    lines.length = 0;
    const res = await fetch(`${url}/healthz`);
    await settle();
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toHaveLength(0);
  });
});
