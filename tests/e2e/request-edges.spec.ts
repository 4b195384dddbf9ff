import { expect, test } from "@playwright/test";

// What the production server answers to requests no page of ours makes (issue 15): control
// characters, other spellings of a path, methods a page does not have, ids past the range.

test("control characters in a path or query get a 400 page, never a 5xx", async ({ request }) => {
  for (const path of ["/reviews/%00", "/guides/%00", "/products?search=%00", "/reviews?x=%0B"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(400);
    expect(res.headers()["content-type"], path).toMatch(/^text\/html/);
  }
});

test("TRACE and other methods a page does not have get 405 with Allow", async ({ request }) => {
  for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "POST"]) {
    const res = await request.fetch("/products", { method });
    expect(res.status(), method).toBe(405);
    expect(res.headers().allow, method).toBe("GET, HEAD");
  }
});

test("another spelling of a page is redirected to its one address; of the API, refused", async ({ request }) => {
  const page = await request.get("/%61bout", { maxRedirects: 0 });
  expect(page.status()).toBe(301);
  expect(page.headers().location).toBe("/about");
  for (const path of [
    "/api/Admin/quiz-submissions",
    "/api/ADMIN/dashboard",
    "/API/admin/dashboard",
    "/api/%61dmin/dashboard",
  ]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(404);
  }
});

test("a retailer link with an id past the range answers the site's 404 page", async ({ request }) => {
  const res = await request.get("/go/99999999999", { headers: { accept: "text/html" }, maxRedirects: 0 });
  expect(res.status()).toBe(404);
  expect(await res.text()).toContain("<html");
});

test("the unsubscribe page sends one Referrer-Policy, its own", async ({ request }) => {
  const res = await request.get("/unsubscribe?token=not-a-real-token");
  const policies = res.headersArray().filter((h) => h.name.toLowerCase() === "referrer-policy");
  expect(policies.map((h) => h.value)).toEqual(["no-referrer"]);
  expect(res.headers()["cache-control"]).toBe("private, no-store");
});
