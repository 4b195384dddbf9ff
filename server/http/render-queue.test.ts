import { describe, expect, it } from "vitest";
import { queuedRenders } from "./render-queue";

// Renders are let in a few at a time, in arrival order; a visitor who leaves gives up the
// place; a full line is answered 503 at once. Renders wait on a gate the test opens, and the
// test waits for what the queue has done (renders started) rather than for time to pass, so a
// busy machine changes how long this takes, never what it finds.

let running = 0;
let most = 0;
const started: string[] = [];
let openGate: () => void = () => {};
let gate = Promise.resolve();

function closeGate() {
  gate = new Promise((resolve) => {
    openGate = resolve;
  });
}

const render = queuedRenders(
  async (request: Request) => {
    const name = new URL(request.url).pathname.split("/").pop() ?? "";
    running += 1;
    most = Math.max(most, running);
    started.push(name);
    await gate;
    running -= 1;
    return new Response(`<p>${name}</p>`, { headers: { "Content-Type": "text/html" } });
  },
  { concurrency: 2, maxWaiting: 3 },
);

const ask = (name: string, signal?: AbortSignal) =>
  render(new Request(`http://localhost/page/${name}`, { signal }), {});

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
}

describe("the render queue", () => {
  it("runs two at a time and starts the others in the order they came", async () => {
    started.length = 0;
    most = 0;
    closeGate();
    const answers = ["a", "b", "c", "d", "e"].map((name) => ask(name));
    await until(() => started.length === 2);
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
    const answers = Array.from({ length: 7 }, (_, i) => ask(`p${i}`));
    openGate();
    const results = await Promise.all(answers);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 503, 503]);
    const refused = results.find((r) => r.status === 503);
    expect(refused?.headers.get("retry-after")).toBe("2");
    expect(refused?.headers.get("cache-control")).toBe("no-store");
    expect(await refused?.text()).toContain("We'll be right back");
    expect((await ask("after")).status).toBe(200);
  });

  it("drops a visitor who leaves while waiting, without rendering for them", async () => {
    started.length = 0;
    closeGate();
    const first = ask("one");
    const second = ask("two");
    const leaving = new AbortController();
    const gone = ask("gone", leaving.signal).catch((error: unknown) => error);
    const last = ask("last");
    expect(started).toEqual(["one", "two"]);
    leaving.abort();
    expect(await gone).toBeInstanceOf(DOMException);
    openGate();
    await Promise.all([first, second, last]);
    expect(started).toEqual(["one", "two", "last"]);
    await until(() => running === 0);
  });

  it("keeps a render's place until its answer has gone out, not only until it is rendered", async () => {
    // the context stands for a request: its answer goes out when the test says so
    type Sent = { sent: Promise<void>; send: () => void };
    const request = (): Sent => {
      let send = () => {};
      const sent = new Promise<void>((resolve) => {
        send = resolve;
      });
      return { sent, send };
    };
    const order: string[] = [];
    const queued = queuedRenders<Sent>(
      async (req) => {
        order.push(new URL(req.url).pathname);
        return new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } });
      },
      { concurrency: 1, maxWaiting: 5 },
      (context) => context.sent,
    );
    const [a, b] = [request(), request()];
    const first = await queued(new Request("http://localhost/a"), a);
    expect(first.status).toBe(200);
    // rendered, but not yet sent: the next render waits
    const second = queued(new Request("http://localhost/b"), b);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(["/a"]);
    a.send();
    expect((await second).status).toBe(200);
    expect(order).toEqual(["/a", "/b"]);
    b.send();
  });
});
