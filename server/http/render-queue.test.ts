import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderQueue } from "./render-queue";

// Renders are let in a few at a time, in arrival order; a visitor who leaves gives up the
// place; a full line is answered 503 at once. Renders wait on a gate the test opens, and the
// test waits for what the server has seen (arrivals, departures) rather than for time to pass,
// so a busy machine changes how long this takes, never what it finds.

let url = "";
let close = () => {};
let running = 0;
let most = 0;
const started: string[] = [];
const arrived: string[] = [];
const left: string[] = [];
let openGate: () => void = () => {};
let gate = Promise.resolve();

function closeGate() {
  gate = new Promise((resolve) => {
    openGate = resolve;
  });
}

beforeAll(async () => {
  const app = express();
  app.use((req, res, next) => {
    const name = req.path.split("/").pop() ?? "";
    arrived.push(name);
    res.once("close", () => left.push(name));
    next();
  });
  app.use(renderQueue({ concurrency: 2, maxWaiting: 3 }));
  app.get("/page/:name", async (req, res) => {
    running += 1;
    most = Math.max(most, running);
    started.push(req.params.name);
    await gate;
    running -= 1;
    res.type("html").send(`<p>${req.params.name}</p>`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
}

describe("the render queue", () => {
  it("runs two at a time and starts the others in the order they came", async () => {
    started.length = 0;
    most = 0;
    closeGate();
    const answers: Promise<Response>[] = [];
    for (const name of ["a", "b", "c", "d", "e"]) {
      answers.push(fetch(`${url}/page/${name}`));
      await until(() => arrived.includes(name));
    }
    expect(started).toEqual(["a", "b"]);
    openGate();
    const results = await Promise.all(answers);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await Promise.all(results.map((r) => r.text()))).toEqual(
      ["a", "b", "c", "d", "e"].map((name) => `<p>${name}</p>`),
    );
    expect(most).toBe(2);
    expect(started).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("answers 503 with Retry-After when the line is full, and takes work again after", async () => {
    closeGate();
    const answers = Array.from({ length: 7 }, (_, i) => fetch(`${url}/page/p${i}`));
    // two run and three wait behind the closed gate: the other two are answered at once
    await until(() => left.filter((name) => name.startsWith("p")).length === 2);
    openGate();
    const results = await Promise.all(answers);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 503, 503]);
    const refused = results.find((r) => r.status === 503);
    expect(refused?.headers.get("retry-after")).toBe("2");
    expect(refused?.headers.get("cache-control")).toBe("no-store");
    expect((await fetch(`${url}/page/after`)).status).toBe(200);
  });

  it("drops a visitor who leaves while waiting, without rendering for them", async () => {
    started.length = 0;
    closeGate();
    const first = fetch(`${url}/page/one`);
    const second = fetch(`${url}/page/two`);
    await until(() => started.includes("one") && started.includes("two"));
    const leaving = new AbortController();
    const gone = fetch(`${url}/page/gone`, { signal: leaving.signal }).catch(() => null);
    await until(() => arrived.includes("gone"));
    const last = fetch(`${url}/page/last`);
    await until(() => arrived.includes("last"));
    leaving.abort();
    await until(() => left.includes("gone"));
    openGate();
    await Promise.all([first, second, gone, last]);
    expect(started).toEqual(["one", "two", "last"]);
    await until(() => running === 0);
  });
});
