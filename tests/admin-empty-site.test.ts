import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type Run, startProductionServer, waitForHealthy } from "./support/production-server";

// A brand-new site without demo content, as the owner first sees it: the admin lists show
// their empty states, rendered by the production server from an empty database.
const scratch = mkdtempSync(join(tmpdir(), "pawsome-empty-"));
const password = "first-start-password";
let run: Run;
let url: string;
let cookie: string;

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  run = startProductionServer({
    DATA_DIR: join(scratch, "data"),
    PORT: String(port),
    HOST: "127.0.0.1",
    SEED_DEMO_CONTENT: "false",
    ADMIN_PASSWORD: password,
    LOG_LEVEL: "warn",
  });
  await waitForHealthy(url, run);
  const login = await fetch(`${url}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ password }),
  });
  expect(login.status).toBe(200);
  cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}, 300_000);

afterAll(async () => {
  run?.child.kill("SIGTERM");
  await run?.exited;
  rmSync(scratch, { recursive: true, force: true });
});

async function adminPage(path: string): Promise<string> {
  const response = await fetch(`${url}${path}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

describe("an empty site's admin lists", () => {
  it("products: 'No products found. Add your first product!', and a search finds nothing", async () => {
    expect(await adminPage("/admin/products")).toContain("No products found. Add your first product!");
    expect(await adminPage("/admin/products?search=ball")).toContain("No products match your search");
  });

  it("posts: 'No posts found. Create your first post!'", async () => {
    expect(await adminPage("/admin/posts")).toContain("No posts found. Create your first post!");
  });

  it("quiz submissions: the three-line empty state", async () => {
    const html = await adminPage("/admin/quiz-submissions");
    expect(html).toContain("No Submissions Yet");
    expect(html).toContain("There are no quiz submissions in the database yet");
  });
});
