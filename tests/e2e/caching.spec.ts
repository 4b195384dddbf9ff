import { expect, test } from "@playwright/test";

test("pages (each with its own CSP nonce) are kept by no shared cache; API reads revalidate", async ({ request }) => {
  const nonces = new Set<string>();
  for (const path of ["/", "/products", "/resources", "/contact", "/", "/"]) {
    const res = await request.get(path);
    expect(res.headers()["cache-control"], path).toBe("private, no-cache");
    nonces.add(/'nonce-([^']+)'/.exec(res.headers()["content-security-policy"] ?? "")?.[1] ?? "");
  }
  // a fresh nonce for every response, also those the server's own cache answered
  expect(nonces.size).toBe(6);
  expect((await request.get("/api/toys")).headers()["cache-control"]).toBe("no-cache");
  const asset = (await (await request.get("/")).text()).match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect((await request.get(asset ?? "/missing")).headers()["cache-control"]).toBe(
    "public, max-age=31536000, immutable",
  );
});
