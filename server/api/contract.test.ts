import type { ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { earningsRows, toys } from "#server/db/schema.ts";
import { createSmtpTransport } from "#server/mail/transport.ts";
import { type FeedServer, feedItem, rssFeed, startFeedServer } from "../../tests/support/feed-server";
import { type LinkServer, startLinkServer } from "../../tests/support/link-server";
import { type SmtpTestServer, startSmtpTestServer } from "../../tests/support/smtp-test-server";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "../../tests/support/test-server";

// The API against its OpenAPI document, as served: every operation is called on a real server
// and database, and every answer must be one the document lists for that operation, with the
// documented headers, and a body the documented schema accepts. The schemas allow no property
// they do not name, so a field the server adds without describing it fails here.

type Json = Record<string, unknown>;
type Method = "get" | "post" | "put" | "patch" | "delete";

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

const DOC_ID = "urn:pawsome-picks:openapi";
const answers = { dogSize: "small", dogAge: "puppy", chewStyle: "gentle", playStyle: "solo", toyPurpose: "mental" };

let smtp: SmtpTestServer;
/** with a mail server: forms answer 200, or 202 when it refuses for now */
let server: SeededTestServer;
let feeds: FeedServer;
let links: LinkServer;
/** without one: forms answer 202 with a note for the administrator */
let mailless: SeededTestServer;
let doc: Json;
let ajv: Ajv2020;
let cookie: string;
/** "METHOD /api/path" of each operation -> the statuses it was seen to answer */
const seen = new Map<string, Set<number>>();

/** The value at a JSON pointer ("#/components/...") of the document. */
function at(pointer: string): Json {
  const value = pointer
    .replace(/^#\//, "")
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);
  if (value === undefined) throw new Error(`nothing at ${pointer}`);
  return value as Json;
}

const escapePointer = (part: string) => part.replace(/~/g, "~0").replace(/\//g, "~1");
const deref = (pointer: string, node: Json): [string, Json] =>
  typeof node.$ref === "string" ? deref(node.$ref, at(node.$ref)) : [pointer, node];

/** The schema at a pointer into the document, compiled once (refs resolve against the whole document). */
function validator(pointer: string): ValidateFunction {
  const id = `${DOC_ID}${pointer}`;
  const found = ajv.getSchema(id);
  if (!found) throw new Error(`no schema at ${pointer}`);
  return found;
}

/** The documented path template a concrete path falls under; literal segments win over parameters. */
function templateOf(path: string): string {
  const matches = Object.keys(at("#/paths")).filter((template) =>
    new RegExp(`^${template.replace(/\./g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path),
  );
  const byLiterals = (t: string) => (t.match(/\{/g) ?? []).length;
  const [best] = matches.sort((a, b) => byLiterals(a) - byLiterals(b));
  if (!best) throw new Error(`${path} is not in the document`);
  return best;
}

/** Checks one real answer against what the document says the operation answers. */
function expectDocumented(method: Method, path: string, answer: Answer) {
  const template = templateOf(path);
  const opPointer = `#/paths/${escapePointer(template)}/${method}`;
  const label = `${method.toUpperCase()} ${path} -> ${answer.status}`;
  const responses = at(`${opPointer}/responses`);
  expect(Object.keys(responses), `${label}: status not documented`).toContain(String(answer.status));
  const [responsePointer, response] = deref(
    `${opPointer}/responses/${answer.status}`,
    responses[answer.status] as Json,
  );

  for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
    const [headerPointer, resolved] = deref(`${responsePointer}/headers/${escapePointer(name)}`, header);
    const value = answer.headers.get(name);
    expect(value, `${label}: header ${name} missing`).not.toBeNull();
    const typed = (resolved.schema as Json).type === "integer" && /^\d+$/.test(value ?? "") ? Number(value) : value;
    const check = validator(`${headerPointer}/schema`);
    expect(check(typed), `${label}: header ${name}: ${ajv.errorsText(check.errors)}`).toBe(true);
  }

  const content = response.content as Record<string, Json> | undefined;
  if (!content) {
    expect(answer.text, `${label}: a body where none is documented`).toBe("");
  } else {
    const [mediaType] = Object.keys(content);
    expect(answer.headers.get("content-type") ?? "", label).toContain(mediaType);
    const check = validator(`${responsePointer}/content/${escapePointer(mediaType ?? "")}/schema`);
    const body = mediaType === "application/json" ? answer.body : answer.text;
    expect(check(body), `${label}: ${ajv.errorsText(check.errors)}\n${answer.text.slice(0, 500)}`).toBe(true);
  }

  const key = `${method.toUpperCase()} ${template}`;
  seen.set(key, (seen.get(key) ?? new Set()).add(answer.status));
}

interface CallOptions {
  body?: unknown;
  /** sent as it is, with this content type */
  raw?: { type: string; data: string };
  form?: FormData;
  admin?: boolean;
  headers?: Record<string, string>;
  on?: SeededTestServer;
}

/** Calls the API and checks the answer against the document. */
async function call(method: Method, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.admin) headers.cookie = cookie;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  } else if (options.raw) {
    headers["content-type"] = options.raw.type;
    body = options.raw.data;
  } else if (options.form) {
    body = options.form;
  }
  const res = await fetch(`${(options.on ?? server).url}${path}`, { method: method.toUpperCase(), headers, body });
  const text = await res.text();
  const isJson = (res.headers.get("content-type") ?? "").startsWith("application/json");
  const answer = {
    status: res.status,
    headers: res.headers,
    text,
    body: isJson && text ? JSON.parse(text) : undefined,
  };
  expectDocumented(method, path.split("?")[0] ?? path, answer);
  return answer;
}

async function pngForm(): Promise<FormData> {
  const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "dog.png");
  return form;
}

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  feeds = await startFeedServer();
  links = await startLinkServer();
  server = await startSeededTestServer({
    retail: {
      allowHosts: [feeds.host, links.host],
      feedUrls: [feeds.url],
      linkCheck: { timeoutMs: 2_000, hostGapMs: 20 },
    },
    transport: createSmtpTransport({
      url: smtp.url,
      from: { name: "Pawsome Picks", address: "hello@pawsomepicks.test" },
      timeoutMs: 5_000,
    }),
    mail: { sendTimeoutMs: 2_000 },
    trackRateLimit: { max: 3, windowMs: 60_000 },
    searchRateLimit: { max: 2, windowMs: 60_000 },
  });
  mailless = await startSeededTestServer();
  doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Json;
  ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  // The document's own fields are not JSON Schema: known to Ajv, they are left alone.
  for (const keyword of ["openapi", "info", "servers", "tags", "paths", "components"]) ajv.addKeyword(keyword);
  ajv.addSchema(doc, DOC_ID);
});

afterAll(async () => {
  await server?.close();
  await mailless?.close();
  await smtp?.close();
  await feeds?.close();
  await links?.close();
});

describe("the document's schemas", () => {
  it("refuse a field they do not describe, and a missing one", async () => {
    const toy = (await call("get", "/api/toys/1")).body as Json;
    const check = validator("#/components/schemas/Toy");
    expect(check(toy)).toBe(true);
    expect(check({ ...toy, priceValue: 12.99 })).toBe(false);
    expect(ajv.errorsText(check.errors)).toMatch(/additional properties/);
    const { categoryName: _dropped, ...missing } = toy;
    expect(check(missing)).toBe(false);
    expect(check({ ...toy, categories: [{ id: 1, name: "Healthy Toys", slug: "healthy" }] })).toBe(false);
  });
});

describe("public reads, anonymously", () => {
  it("answer the catalogue", async () => {
    await call("get", "/api/openapi.json");
    const breeds = (await call("get", "/api/breeds")).body as { id: number; name: string }[];
    await call("get", "/api/categories");
    const beagle = breeds.find((breed) => breed.name === "Beagle");
    expect((await call("get", `/api/recommendations/${beagle?.id}`)).body).toMatchObject({ breed: { name: "Beagle" } });
    const all = await call("get", "/api/toys");
    expect(Number(all.headers.get("x-total-count"))).toBe((all.body as unknown[]).length);
    const paged = await call("get", "/api/toys?search=ball&sort=price-desc&minPrice=5&maxPrice=80&page=1&pageSize=5");
    expect((paged.body as unknown[]).length).toBeLessThanOrEqual(5);
    const [pick] = (await call("get", "/api/toys/top-picks")).body as { id: number }[];
    await call("get", `/api/toys/${pick?.id}`);
    await call("get", `/api/toys/${pick?.id}/categories`);
    await call("get", `/api/toys/${pick?.id}/breed-recommendations`);
  });

  it("answer posts, testimonials and quiz recommendations", async () => {
    const [first] = (await call("get", "/api/posts")).body as { id: number; slug: string }[];
    await call("get", "/api/posts/featured");
    const bySlug = await call("get", `/api/posts/${first?.slug}`);
    const byId = await call("get", `/api/posts/${first?.id}`);
    expect(byId.body).toEqual(bySlug.body);
    await call("get", "/api/testimonials");
    const quiz = await call("get", `/api/quiz-recommendations?${new URLSearchParams(answers)}`);
    expect((quiz.body as { recommendations: unknown[] }).recommendations.length).toBeGreaterThan(0);
  });

  it("answer 404 for what is not there and 400 for what cannot be read", async () => {
    expect((await call("get", "/api/toys/999999")).status).toBe(404);
    expect((await call("get", "/api/recommendations/999999")).status).toBe(404);
    expect((await call("get", "/api/posts/no-such-post")).status).toBe(404);
    expect((await call("get", "/api/toys/0")).status).toBe(400);
    const bad = await call("get", "/api/toys?sort=cheapest&page=0");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { sort: [expect.any(String)], page: [expect.any(String)] } });
    expect((await call("get", "/api/breeds?note=%01")).status).toBe(400);
    expect((await call("get", "/api/quiz-recommendations?dogSize=huge")).status).toBe(400);
  });
});

describe("the visitors' forms and tracking", () => {
  it("answer 200 when the e-mail went out, 202 when it follows, 202 with a note without a mail server", async () => {
    const contact = {
      name: "Casey",
      email: "casey@example.com",
      subject: "Hello there",
      message: "A question about toys.",
    };
    expect((await call("post", "/api/contact", { body: contact })).status).toBe(200);
    expect((await call("post", "/api/quiz-newsletter", { body: { ...answers, email: "q@example.com" } })).status).toBe(
      200,
    );
    smtp.setRejectWith({ code: 451, message: "4.3.0 Try again later" });
    try {
      expect((await call("post", "/api/contact", { body: contact })).status).toBe(202);
      expect(
        (await call("post", "/api/quiz-newsletter", { body: { ...answers, email: "later@example.com" } })).status,
      ).toBe(202);
    } finally {
      smtp.setRejectWith(null);
    }
    const noted = await call("post", "/api/contact", { body: contact, on: mailless });
    expect(noted).toMatchObject({ status: 202, body: { emailSent: false, note: expect.any(String) } });
    const quizNoted = await call("post", "/api/quiz-newsletter", {
      body: { ...answers, email: "n@example.com" },
      on: mailless,
    });
    expect(quizNoted).toMatchObject({ status: 202, body: { note: expect.any(String) } });
  });

  it("refuse invalid, oversized, non-JSON and cross-site submissions", async () => {
    const invalid = await call("post", "/api/contact", {
      body: { name: "C", email: "nope", subject: "Hi", message: "" },
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys((invalid.body as { errors: object }).errors)).toEqual(
      expect.arrayContaining(["name", "email", "subject", "message"]),
    );
    const huge = { ...answers, email: "big@example.com", website: "x".repeat(200_000) };
    expect((await call("post", "/api/quiz-newsletter", { body: huge })).status).toBe(413);
    expect((await call("post", "/api/contact", { raw: { type: "text/plain", data: "hello" } })).status).toBe(415);
    const crossSite = await call("post", "/api/quiz-newsletter", {
      body: { ...answers, email: "x@example.com" },
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
  });

  it("count visits and page views, and answer 429 with Retry-After past the limit", async () => {
    expect((await call("post", "/api/track-visit")).status).toBe(204);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call("post", "/api/track-pageview")).status);
    expect(statuses).toEqual([204, 204, 204, 429]);
  });

  it("count a quiz step, and refuse a step the server counts itself", async () => {
    expect((await call("post", "/api/track-quiz", { body: { step: "email_step", answers } })).status).toBe(204);
    expect((await call("post", "/api/track-quiz", { body: { step: "result_click" } })).status).toBe(400);
  });

  it("search the site, each client within its share", async () => {
    const found = await call("get", "/api/search?q=chewy+rop&page=1&count=1");
    expect((found.body as { total: number }).total).toBeGreaterThan(0);
    expect((await call("get", "/api/search?q=zzzzqqq")).status).toBe(200);
    const past = await call("get", "/api/search?q=ball");
    expect(past.status).toBe(429);
    expect(past.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("admin calls", () => {
  it("answer 401 without a session, whatever the method", async () => {
    expect((await call("get", "/api/admin/dashboard")).status).toBe(401);
    expect((await call("get", "/api/admin/session")).status).toBe(401);
    expect((await call("delete", "/api/toys/1")).status).toBe(401);
    expect((await call("post", "/api/upload", { form: await pngForm() })).status).toBe(401);
  });

  it("sign in (401 for a wrong password) and say who is signed in", async () => {
    cookie = await adminCookie(server);
    expect((await call("post", "/api/admin/login", { body: { password: "not-the-password" } })).status).toBe(401);
    const signedIn = await call("post", "/api/admin/login", { body: { password: "test-admin-password" } });
    expect(signedIn.status).toBe(200);
    cookie =
      signedIn.headers
        .getSetCookie()
        .find((c) => c.startsWith("pawsome_session="))
        ?.split(";")[0] ?? "";
    expect((await call("get", "/api/admin/session", { admin: true })).body).toMatchObject({
      user: { username: "admin" },
    });
  });

  it("create, change and delete a post", async () => {
    const input = {
      title: "Contract Tested Chew Toys",
      excerpt: "Every answer checked against the document.",
      content: "A post written by the contract test. It says little, but it says it in more than fifty characters.",
      postType: "guide",
      categoryId: 2,
    };
    const created = await call("post", "/api/posts", { body: input, admin: true });
    expect(created.status).toBe(201);
    const post = created.body as { id: number; slug: string };
    expect((await call("post", "/api/posts", { body: input, admin: true })).status).toBe(409);
    expect((await call("post", "/api/posts", { body: { title: "x" }, admin: true })).status).toBe(400);
    const changed = await call("patch", `/api/posts/${post.id}`, { body: { readingTime: 9 }, admin: true });
    expect(changed.body).toMatchObject({ id: post.id, readingTime: 9 });
    const reviewing = await call("patch", `/api/posts/${post.id}`, {
      body: { reviewedToyId: 1, reviewRating: 4.5 },
      admin: true,
    });
    expect(reviewing.body).toMatchObject({ reviewedToyId: 1, reviewRating: 4.5 });
    expect((await call("patch", `/api/posts/${post.id}`, { body: { reviewRating: 4.3 }, admin: true })).status).toBe(
      400,
    );
    const unpublished = await call("post", "/api/posts/bulk", {
      body: { ids: [post.id], action: "unpublish" },
      admin: true,
    });
    expect(unpublished.body).toMatchObject({ action: "unpublish", selected: 1, changed: [{ id: post.id }] });
    expect(
      (await call("post", "/api/posts/bulk", { body: { ids: [post.id], action: "publish" }, admin: true })).status,
    ).toBe(200);
    expect(
      (await call("post", "/api/posts/bulk", { body: { ids: [999999], action: "publish" }, admin: true })).status,
    ).toBe(400);
    const preview = await call("post", "/api/admin/post-preview", {
      body: { content: "Intro.\n\n[[toy:no-such-toy]]\n\n[[compare:a]]", reviewedToyId: 1 },
      admin: true,
    });
    expect(preview.status).toBe(200);
    expect((preview.body as { blocks: { kind: string }[] }).blocks.map((b) => b.kind)).toEqual([
      "html",
      "missing",
      "missing",
    ]);
    expect((await call("get", `/api/posts/${post.id}`)).status).toBe(200);
    expect((await call("patch", "/api/posts/999999", { body: {}, admin: true })).status).toBe(404);
    const revisions = await call("get", `/api/posts/${post.id}/revisions`, { admin: true });
    const [revision] = revisions.body as { id: number }[];
    expect(revision).toBeDefined();
    const restored = await call("post", `/api/posts/${post.id}/revisions/${revision?.id}/restore`, { admin: true });
    expect(restored.status).toBe(200);
    expect((await call("post", `/api/posts/${post.id}/revisions/999999/restore`, { admin: true })).status).toBe(404);
    expect((await call("get", "/api/posts/999999/revisions", { admin: true })).status).toBe(404);
    expect((await call("delete", `/api/posts/${post.id}`, { admin: true })).status).toBe(204);
    expect((await call("delete", `/api/posts/${post.id}`, { admin: true })).status).toBe(404);
    // the trash: restore, delete again, then for good
    expect((await call("get", "/api/admin/trash", { admin: true })).status).toBe(200);
    expect((await call("post", `/api/posts/${post.id}/restore`, { admin: true })).status).toBe(200);
    expect((await call("post", `/api/posts/${post.id}/restore`, { admin: true })).status).toBe(404);
    expect((await call("delete", `/api/posts/${post.id}`, { admin: true })).status).toBe(204);
    expect((await call("delete", `/api/admin/trash/posts/${post.id}`, { admin: true })).status).toBe(204);
    expect((await call("delete", `/api/admin/trash/posts/${post.id}`, { admin: true })).status).toBe(404);
  });

  it("create, change and delete a product with its categories and breed recommendations", async () => {
    const product = {
      name: "Contract Test Rope",
      description: "A rope the contract test tugs on.",
      details: "Braided cotton rope, made up for the contract test and gone at its end.",
      price: "$9.99",
      materialType: "durable",
      features: ["interactive"],
      selectedCategories: [1],
      breedRecommendations: [{ breedId: 1, note: "Strong enough" }],
    };
    const created = await call("post", "/api/toys", { body: product, admin: true });
    expect(created.status).toBe(201);
    const toy = created.body as { id: number };
    const replaced = await call("put", `/api/toys/${toy.id}`, { body: { ...product, price: "$8.99" }, admin: true });
    expect(replaced.body).toMatchObject({ id: toy.id, price: "$8.99", categories: [{ id: 1 }] });
    const moved = await call("put", `/api/toys/${toy.id}`, {
      body: { ...product, slug: "contract-rope" },
      admin: true,
    });
    expect(moved.body).toMatchObject({ slug: "contract-rope" });
    const [other] = (await call("get", "/api/toys?pageSize=1&page=1")).body as { slug: string }[];
    const taken = { body: { ...product, slug: other?.slug }, admin: true };
    expect((await call("put", `/api/toys/${toy.id}`, taken)).status).toBe(409);
    expect((await call("post", "/api/toys", taken)).status).toBe(409);
    expect((await call("put", "/api/toys/999999", { body: product, admin: true })).status).toBe(404);

    expect(
      (await call("post", `/api/toys/${toy.id}/categories`, { body: { categoryId: 2 }, admin: true })).status,
    ).toBe(201);
    expect(
      (await call("post", `/api/toys/${toy.id}/categories`, { body: { categoryId: 2 }, admin: true })).status,
    ).toBe(409);
    expect((await call("delete", `/api/toys/${toy.id}/categories`, { admin: true })).status).toBe(204);

    const link = await call("post", "/api/breed-recommendations", {
      body: { toyId: toy.id, breedId: 2, note: "Loves it" },
      admin: true,
    });
    expect(link.status).toBe(201);
    const again = { body: { toyId: toy.id, breedId: 2, note: null }, admin: true };
    expect((await call("post", "/api/breed-recommendations", again)).status).toBe(409);
    const { id: linkId } = link.body as { id: number };
    expect((await call("delete", `/api/breed-recommendations/${linkId}`, { admin: true })).status).toBe(204);
    expect((await call("delete", `/api/breed-recommendations/${linkId}`, { admin: true })).status).toBe(404);
    expect((await call("delete", `/api/toys/${toy.id}/breed-recommendations`, { admin: true })).status).toBe(204);

    expect((await call("delete", `/api/toys/${toy.id}`, { admin: true })).status).toBe(204);
    expect((await call("delete", `/api/toys/${toy.id}`, { admin: true })).status).toBe(404);
    expect((await call("delete", `/api/toys/${toy.id}/categories`, { admin: true })).status).toBe(404);
    expect((await call("post", `/api/toys/${toy.id}/restore`, { admin: true })).status).toBe(200);
    expect((await call("post", `/api/toys/${toy.id}/restore`, { admin: true })).status).toBe(404);
    expect((await call("delete", `/api/toys/${toy.id}`, { admin: true })).status).toBe(204);
    expect((await call("delete", `/api/admin/trash/products/${toy.id}`, { admin: true })).status).toBe(204);
    expect((await call("delete", `/api/admin/trash/products/${toy.id}`, { admin: true })).status).toBe(404);
    expect((await call("delete", "/api/admin/trash", { admin: true })).status).toBe(200);
  });

  it("upload an image, and refuse what is not one in the spec's and the API's shape", async () => {
    const stored = await call("post", "/api/upload", { form: await pngForm(), admin: true });
    expect(stored.body).toMatchObject({ success: true, imageUrl: expect.stringMatching(/^\/uploads\//) });
    const text = new FormData();
    text.append("image", new Blob(["not a picture"], { type: "image/png" }), "dog.png");
    const refused = await call("post", "/api/upload", { form: text, admin: true });
    expect(refused).toMatchObject({ status: 415, body: { success: false } });
    const { error, message } = refused.body as { error: string; message: string };
    expect(message).toBe(error);
    const empty = new FormData();
    empty.append("caption", "no file");
    expect((await call("post", "/api/upload", { form: empty, admin: true })).status).toBe(400);
  });

  it("export the catalogue as CSV, preview and apply an import, and refuse a file with a bad row", async () => {
    const exported = await call("get", "/api/admin/toys.csv", { admin: true });
    expect(exported.status).toBe(200);
    const csvForm = (text: string) => {
      const form = new FormData();
      form.append("file", new Blob([text], { type: "text/csv" }), "toys.csv");
      return form;
    };
    const preview = await call("post", "/api/admin/toys/import?dryRun=1", {
      form: csvForm(exported.text),
      admin: true,
    });
    expect(preview.body).toMatchObject({ create: 0, update: 0, errors: [] });
    const applied = await call("post", "/api/admin/toys/import", {
      form: csvForm(
        "name,description,details,price\r\nContract Rope Toy,A rope for the contract.,Cotton rope with knots for the contract test.,$4.00\r\n",
      ),
      admin: true,
    });
    expect(applied.body).toMatchObject({ create: 1, rows: [{ action: "create", id: expect.any(Number) }] });
    const refused = await call("post", "/api/admin/toys/import", { form: csvForm("id,price\r\n1,\r\n"), admin: true });
    expect(refused).toMatchObject({ status: 422, body: { errors: [{ line: 2, message: "Price is required" }] } });
    expect((await call("post", "/api/admin/toys/import", { form: csvForm(""), admin: true })).status).toBe(400);
  });

  it("import an earnings report, list the imports and read one; refuse a file that is no report", async () => {
    const reportForm = (text: string) => {
      const form = new FormData();
      form.append("file", new Blob([text], { type: "text/csv" }), "earnings.csv");
      return form;
    };
    const imported = await call("post", "/api/admin/earnings/import", {
      form: reportForm(
        "Fee-Earnings reports from 10-01-2026 to 10-31-2026\r\nASIN,Date Shipped,Items Shipped,Revenue($),Ad Fees($)\r\nB0CONTRACT,2026-10-03,1,12.00,0.36\r\nB0CONTRACT,2026-10-99,1,12.00,0.36\r\n",
      ),
      admin: true,
    });
    expect(imported.body).toMatchObject({ imported: 1, errors: [{ line: 4 }] });
    const { importId } = imported.body as { importId: number };
    expect((await call("get", "/api/admin/earnings/imports", { admin: true })).status).toBe(200);
    expect((await call("get", `/api/admin/earnings/imports/${importId}`, { admin: true })).body).toMatchObject({
      errorCount: 1,
    });
    expect((await call("get", "/api/admin/earnings/imports/999999", { admin: true })).status).toBe(404);
    const refused = await call("post", "/api/admin/earnings/import", {
      form: reportForm("a,b\r\n1,2\r\n"),
      admin: true,
    });
    expect(refused.status).toBe(400);
  });

  it("list, describe and delete library images; refuse to delete one in use", async () => {
    const stored = await call("post", "/api/upload", { form: await pngForm(), admin: true });
    const { imageUrl } = stored.body as { imageUrl: string };
    const listed = await call("get", "/api/admin/media?search=dog&page=1&pageSize=50", { admin: true });
    const item = (listed.body as { id: number; url: string }[]).find((i) => i.url === imageUrl);
    if (!item) throw new Error("the upload is not in the library");
    expect((await call("get", "/api/admin/media?pageSize=0", { admin: true })).status).toBe(400);
    const described = await call("patch", `/api/admin/media/${item.id}`, {
      body: { altText: "A blue dog" },
      admin: true,
    });
    expect(described.body).toMatchObject({ altText: "A blue dog" });
    expect((await call("patch", "/api/admin/media/999999", { body: { altText: "x" }, admin: true })).status).toBe(404);
    const toy = await call("post", "/api/toys", {
      body: {
        name: "Contract Library Ball",
        description: "A ball whose image is in the library.",
        details: "A ball made up for the contract test of the media library.",
        price: "$4.99",
        imageUrl,
      },
      admin: true,
    });
    expect((toy.body as { imageAlt: string }).imageAlt).toBe("A blue dog");
    expect((await call("delete", `/api/admin/media/${item.id}`, { admin: true })).status).toBe(409);
    const copy = await call("post", `/api/toys/${(toy.body as { id: number }).id}/duplicate`, { admin: true });
    expect(copy.status).toBe(201);
    expect((await call("post", "/api/toys/999999/duplicate", { admin: true })).status).toBe(404);
    const ids = [(toy.body as { id: number }).id, (copy.body as { id: number }).id];
    expect((await call("post", "/api/toys/bulk", { body: { ids, action: "top-pick-on" }, admin: true })).status).toBe(
      200,
    );
    expect(
      (await call("post", "/api/toys/bulk", { body: { ids: [999999], action: "delete" }, admin: true })).status,
    ).toBe(400);
    expect((await call("post", "/api/toys/bulk", { body: { ids, action: "delete" }, admin: true })).body).toEqual({
      action: "delete",
      count: 2,
    });
    expect((await call("delete", `/api/admin/trash/products/${ids[0]}`, { admin: true })).status).toBe(204);
    expect((await call("delete", `/api/admin/trash/products/${ids[1]}`, { admin: true })).status).toBe(204);
    expect((await call("delete", `/api/admin/media/${item.id}`, { admin: true })).status).toBe(204);
    expect((await call("delete", `/api/admin/media/${item.id}`, { admin: true })).status).toBe(404);
  });

  it("create, change, reorder and delete categories and breeds, refusing deletes while they are used", async () => {
    const category = await call("post", "/api/categories", {
      body: { name: "Contract Category", icon: "target" },
      admin: true,
    });
    expect(category.status).toBe(201);
    const { id: categoryId } = category.body as { id: number };
    expect((await call("post", "/api/categories", { body: { name: "Contract Category" }, admin: true })).status).toBe(
      409,
    );
    const changed = await call("patch", `/api/categories/${categoryId}`, {
      body: { description: "Changed" },
      admin: true,
    });
    expect(changed.body).toMatchObject({ description: "Changed" });
    expect((await call("patch", "/api/categories/999999", { body: {}, admin: true })).status).toBe(404);
    const all = (await call("get", "/api/categories")).body as { id: number }[];
    const order = await call("post", "/api/categories/order", {
      body: { ids: all.map((c) => c.id).reverse() },
      admin: true,
    });
    expect(order.status).toBe(200);
    const [used] = all;
    expect((await call("delete", `/api/categories/${used?.id}`, { admin: true })).status).toBe(409);
    expect((await call("delete", `/api/categories/${categoryId}?moveTo=${used?.id}`, { admin: true })).status).toBe(
      204,
    );
    expect((await call("delete", `/api/categories/${categoryId}`, { admin: true })).status).toBe(404);

    const breed = await call("post", "/api/breeds", {
      body: { name: "Contract Breed", size: "large", description: "A breed made up for the contract test." },
      admin: true,
    });
    expect(breed.status).toBe(201);
    const { id: breedId } = breed.body as { id: number };
    expect((await call("post", "/api/breeds", { body: breed.body, admin: true })).status).toBe(409);
    expect((await call("patch", `/api/breeds/${breedId}`, { body: { size: "small" }, admin: true })).status).toBe(200);
    expect((await call("patch", "/api/breeds/999999", { body: {}, admin: true })).status).toBe(404);
    const beagle = ((await call("get", "/api/breeds")).body as { id: number; name: string }[]).find(
      (b) => b.name === "Beagle",
    );
    expect((await call("delete", `/api/breeds/${beagle?.id}`, { admin: true })).status).toBe(409);
    expect((await call("delete", `/api/breeds/${breedId}?removeRecommendations=true`, { admin: true })).status).toBe(
      204,
    );
    expect((await call("delete", `/api/breeds/${breedId}`, { admin: true })).status).toBe(404);
  });

  it("answer the dashboard, the quiz submissions and their export", async () => {
    const dashboard = await call("get", "/api/admin/dashboard", { admin: true });
    expect((dashboard.body as { quizSubmissions: { count: number } }).quizSubmissions.count).toBeGreaterThan(0);
    const week = await call("get", "/api/admin/dashboard?days=7", { admin: true });
    expect((week.body as { visits: unknown[] }).visits).toHaveLength(7);
    expect((await call("get", "/api/admin/dashboard?days=8", { admin: true })).status).toBe(400);
    const funnel = await call("get", "/api/admin/quiz-funnel?from=2026-01-01&to=2026-12-31", { admin: true });
    expect((funnel.body as { steps: { name: string }[] }).steps[0]?.name).toBe("quiz_viewed");
    expect((await call("get", "/api/admin/quiz-funnel?from=2026-02-30&to=2026-03-01", { admin: true })).status).toBe(
      400,
    );
    const list = await call("get", "/api/admin/quiz-submissions?page=1&pageSize=2&search=example", { admin: true });
    expect(Number(list.headers.get("x-total-count"))).toBeGreaterThan(0);
    expect((await call("get", "/api/admin/quiz-submissions?page=0", { admin: true })).status).toBe(400);
    const csv = await call("get", "/api/admin/quiz-submissions.csv?locale=en-GB&timeZone=Europe/London", {
      admin: true,
    });
    expect(csv.text.split("\r\n")[0]).toBe(
      "Date,Email,Dog Size,Dog Age,Chew Style,Play Style,Toy Purpose,Email Consent",
    );
  });

  it("answer the earnings report, its export, unmatched items and tracking IDs", async () => {
    const day = new Date().toISOString().slice(0, 10);
    await server.database.db.update(toys).set({ amazonAsin: "B0CONTRACT" }).where(eq(toys.id, 1));
    await server.database.db.insert(earningsRows).values([
      {
        fingerprint: "contract-1",
        kind: "earnings",
        day,
        itemId: "B0CONTRACT",
        trackingId: "pawsome-20",
        items: 1,
        revenueCents: 1999,
        earningsCents: 80,
        currency: "USD",
      },
      {
        fingerprint: "contract-2",
        kind: "earnings",
        day,
        itemId: "B0NOTOY001",
        itemName: "Something else",
        trackingId: "pawsome-20",
        items: 1,
        revenueCents: 500,
        earningsCents: 20,
        currency: "GBP",
      },
    ]);
    for (const by of ["post", "placement", "toy", "day", "country"]) {
      const report = await call("get", `/api/admin/earnings?by=${by}`, { admin: true });
      expect(report.status).toBe(200);
    }
    const byToy = await call("get", `/api/admin/earnings?from=${day}&to=${day}&by=toy`, { admin: true });
    expect((byToy.body as { rows: { key: string }[] }).rows.map((row) => row.key)).toContain("toy:1");
    expect((await call("get", "/api/admin/earnings?by=week", { admin: true })).status).toBe(400);
    const csv = await call("get", `/api/admin/earnings.csv?from=${day}&to=${day}&by=day`, { admin: true });
    // the byte order mark is read away as the text is decoded
    expect(csv.text.split("\r\n")[0]).toBe(
      "Day,Key,Currency,Earnings,Revenue,Orders,Clicks,Page views,Conversion,EPC,RPM",
    );
    const unmatched = await call("get", "/api/admin/earnings/unmatched?limit=5", { admin: true });
    expect(unmatched.body).toEqual([
      { itemId: "B0NOTOY001", itemName: "Something else", lines: 1, earnings: [{ currency: "GBP", earnings: 0.2 }] },
    ]);
    const mapped = await call("put", "/api/admin/earnings/tracking-ids/pawsome-contract-20", {
      body: { placement: "catalogue" },
      admin: true,
    });
    expect(mapped.body).toMatchObject({ trackingId: "pawsome-contract-20", placement: "catalogue" });
    expect(
      (
        await call("put", "/api/admin/earnings/tracking-ids/pawsome-contract-20", {
          body: { placement: "other" },
          admin: true,
        })
      ).status,
    ).toBe(400);
    const listed = await call("get", "/api/admin/earnings/tracking-ids", { admin: true });
    expect((listed.body as { trackingId: string }[]).map((t) => t.trackingId)).toEqual(
      expect.arrayContaining(["pawsome-20", "pawsome-contract-20"]),
    );
    expect((await call("delete", "/api/admin/earnings/tracking-ids/pawsome-contract-20", { admin: true })).status).toBe(
      204,
    );
    expect((await call("delete", "/api/admin/earnings/tracking-ids/pawsome-contract-20", { admin: true })).status).toBe(
      404,
    );
  });

  it("answer the inbox: list, read, archive, trash, restore, reply", async () => {
    const listed = await call("get", "/api/admin/messages?view=all&search=casey&page=1&pageSize=5", { admin: true });
    expect(Number(listed.headers.get("x-unread-count"))).toBeGreaterThan(0);
    const [first, second] = listed.body as { id: number }[];
    expect((await call("get", `/api/admin/messages/${first?.id}`, { admin: true })).body).toMatchObject({
      notification: { state: expect.any(String) },
    });
    expect((await call("get", "/api/admin/messages/999999", { admin: true })).status).toBe(404);
    const changed = await call("patch", `/api/admin/messages/${first?.id}`, {
      body: { read: true, archived: true },
      admin: true,
    });
    expect(changed.body).toMatchObject({ readAt: expect.any(String), archivedAt: expect.any(String) });
    expect((await call("patch", `/api/admin/messages/${first?.id}`, { body: {}, admin: true })).status).toBe(400);
    const reply = { subject: "Re: Hello there", message: "Thanks for writing to us." };
    expect((await call("post", `/api/admin/messages/${first?.id}/reply`, { body: reply, admin: true })).status).toBe(
      200,
    );
    expect((await call("delete", `/api/admin/messages/${second?.id}`, { admin: true })).status).toBe(204);
    expect((await call("post", `/api/admin/messages/${second?.id}/restore`, { admin: true })).status).toBe(200);
    expect((await call("delete", `/api/admin/messages/${second?.id}`, { admin: true })).status).toBe(204);
    expect((await call("get", "/api/admin/trash", { admin: true })).body).toContainEqual(
      expect.objectContaining({ kind: "message", id: second?.id }),
    );
    expect((await call("delete", `/api/admin/trash/messages/${second?.id}`, { admin: true })).status).toBe(204);
    expect((await call("delete", `/api/admin/trash/messages/${second?.id}`, { admin: true })).status).toBe(404);
  });

  it("answer subscribers, newsletters, personal data and a quiz submission's deletion", async () => {
    const subscribers = await call("get", "/api/admin/subscribers?status=subscribed&search=example&page=1", {
      admin: true,
    });
    const [subscriber] = subscribers.body as { id: number; email: string }[];
    expect(Number(subscribers.headers.get("x-total-count"))).toBeGreaterThan(0);
    const csv = await call("get", "/api/admin/subscribers.csv?locale=en-GB&timeZone=Europe/London&from=2026-01-01", {
      admin: true,
    });
    expect(csv.text.split("\r\n")[0]).toBe(
      "Email,Status,Source,Consent Text,Consented At,Signed Up,Unsubscribed At,Bounced At",
    );
    expect((await call("get", "/api/admin/subscribers?status=gone", { admin: true })).status).toBe(400);

    const created = await call("post", "/api/admin/newsletters", {
      body: { subject: "Contract newsletter", content: "Checked against the document, every answer of it." },
      admin: true,
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    const [post] = (await call("get", "/api/posts")).body as { id: number }[];
    const fromPost = await call("post", "/api/admin/newsletters", { body: { postId: post?.id }, admin: true });
    expect(fromPost.status).toBe(201);
    expect((await call("post", "/api/admin/newsletters", { body: {}, admin: true })).status).toBe(400);
    await call("get", "/api/admin/newsletters", { admin: true });
    await call("get", `/api/admin/newsletters/${id}`, { admin: true });
    expect((await call("get", "/api/admin/newsletters/999999", { admin: true })).status).toBe(404);
    await call("patch", `/api/admin/newsletters/${id}`, { body: { subject: "Contract newsletter, v2" }, admin: true });
    expect((await call("get", `/api/admin/newsletters/${id}/preview`, { admin: true })).body).toMatchObject({
      subject: "Contract newsletter, v2",
    });
    expect((await call("post", `/api/admin/newsletters/${id}/test`, { admin: true })).status).toBe(200);
    expect((await call("post", `/api/admin/newsletters/${id}/send`, { admin: true })).status).toBe(202);
    expect((await call("post", `/api/admin/newsletters/${id}/send`, { admin: true })).status).toBe(202);
    expect(
      (await call("patch", `/api/admin/newsletters/${id}`, { body: { subject: "Late" }, admin: true })).status,
    ).toBe(409);
    const draftId = (fromPost.body as { id: number }).id;
    expect((await call("delete", `/api/admin/newsletters/${draftId}`, { admin: true })).status).toBe(204);

    const email = encodeURIComponent(subscriber?.email ?? "");
    expect((await call("get", `/api/admin/personal-data?email=${email}`, { admin: true })).status).toBe(200);
    expect((await call("delete", `/api/admin/personal-data?email=${email}`, { admin: true })).status).toBe(200);
    expect((await call("get", `/api/admin/personal-data/erasures?email=${email}`, { admin: true })).body).toHaveLength(
      1,
    );
    expect((await call("get", "/api/admin/personal-data?email=nope", { admin: true })).status).toBe(400);

    const [other] = (await call("get", "/api/admin/subscribers", { admin: true })).body as { id: number }[];
    expect(
      (await call("patch", `/api/admin/subscribers/${other?.id}`, { body: { status: "unsubscribed" }, admin: true }))
        .status,
    ).toBe(200);
    expect((await call("delete", `/api/admin/subscribers/${other?.id}`, { admin: true })).status).toBe(204);
    expect((await call("delete", `/api/admin/subscribers/${other?.id}`, { admin: true })).status).toBe(404);

    const [submission] = (await call("get", "/api/admin/quiz-submissions", { admin: true })).body as { id: number }[];
    expect((await call("delete", `/api/admin/quiz-submissions/${submission?.id}`, { admin: true })).status).toBe(204);
    expect((await call("delete", `/api/admin/quiz-submissions/${submission?.id}`, { admin: true })).status).toBe(404);
  });

  it("answer the audit log of the actions above, filtered and paged", async () => {
    const all = await call("get", "/api/admin/audit-log", { admin: true });
    expect(Number(all.headers.get("x-total-count"))).toBeGreaterThan(0);
    expect(all.body).toContainEqual(expect.objectContaining({ action: "erase", itemKind: "personal-data" }));
    const filtered = await call("get", "/api/admin/audit-log?action=delete&kind=subscriber&from=2000-01-01&page=1", {
      admin: true,
    });
    expect(filtered.body).toContainEqual(expect.objectContaining({ action: "delete", itemKind: "subscriber" }));
    expect((await call("get", "/api/admin/audit-log?action=nap", { admin: true })).status).toBe(400);
    expect((await call("get", "/api/admin/audit-log?from=2026-02-30", { admin: true })).status).toBe(400);
  });

  it("answer the settings, and a send refused without a postal address or with a token that does not resolve", async () => {
    const configured = await call("get", "/api/admin/settings", { admin: true });
    expect(configured.body).toMatchObject({ postalAddressSource: "environment" });
    const removed = await call("put", "/api/admin/settings", { body: { postalAddress: null }, admin: true });
    expect(removed.body).toMatchObject({ postalAddress: expect.any(String), postalAddressSource: "environment" });
    expect(
      (await call("put", "/api/admin/settings", { body: { postalAddress: "too short" }, admin: true })).status,
    ).toBe(400);
    const saved = await call("put", "/api/admin/settings", {
      body: { postalAddress: "Contract Dept.\n1 Schema Street\nValidation, CA 90001" },
      admin: true,
    });
    expect(saved.body).toMatchObject({ postalAddressSource: "admin" });

    const created = await call("post", "/api/admin/newsletters", {
      body: {
        subject: "Contract tokens",
        content: "[[toy:no-such-toy-here]]\n\nA body with a token that resolves to nothing.",
      },
      admin: true,
    });
    const id = (created.body as { id: number }).id;
    expect((await call("post", `/api/admin/newsletters/${id}/send`, { admin: true })).status).toBe(409);
  });

  it("run the product sync, list its runs and a toy's price history", async () => {
    const [toy] = (await call("get", "/api/toys")).body as { id: number }[];
    if (!toy) throw new Error("the demo catalogue has toys");
    await server.database.db.update(toys).set({ retailerItemId: "CONTRACT-1" }).where(eq(toys.id, toy.id));
    feeds.feed.body = rssFeed([feedItem("CONTRACT-1", { price: "23.45 USD", availability: "in_stock" })]);
    const run = await call("post", "/api/admin/product-sync", { admin: true });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ updated: 1, failed: 0 });
    expect((await call("get", "/api/admin/product-sync", { admin: true })).body).toHaveLength(1);
    const history = await call("get", `/api/admin/toys/${toy.id}/price-history`, { admin: true });
    expect(history.body).toEqual([expect.objectContaining({ price: "$23.45", source: "feed" })]);
    expect((await call("get", "/api/admin/toys/999999/price-history", { admin: true })).status).toBe(404);
  });

  it("check every retailer link now and list the ones that are not ok", async () => {
    const [toy] = (await call("get", "/api/toys")).body as { id: number }[];
    if (!toy) throw new Error("the demo catalogue has toys");
    await server.database.db
      .update(toys)
      .set({ amazonUrl: links.url("/missing") })
      .where(eq(toys.id, toy.id));
    const run = await call("post", "/api/admin/link-check", { admin: true });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ broken: 1 });
    const problems = await call("get", "/api/admin/link-health", { admin: true });
    expect(problems.body).toEqual([expect.objectContaining({ toyId: toy.id, state: "broken", httpStatus: 404 })]);
  });

  it("change the password (400 for a wrong current one), then sign out", async () => {
    const wrong = {
      currentPassword: "wrong-password",
      newPassword: "a-new-password",
      confirmPassword: "a-new-password",
    };
    expect((await call("post", "/api/admin/password", { body: wrong, admin: true })).status).toBe(400);
    const right = { ...wrong, currentPassword: "test-admin-password" };
    expect((await call("post", "/api/admin/password", { body: right, admin: true })).status).toBe(200);
    expect((await call("post", "/api/admin/logout", { admin: true })).status).toBe(204);
    expect((await call("get", "/api/admin/session", { admin: true })).status).toBe(401);
  });
});

describe("coverage", () => {
  it("called every operation of the document with a success, and saw 400, 401, 404 and 429", () => {
    const methods = ["get", "post", "put", "patch", "delete"] as const;
    const operations = Object.entries(at("#/paths")).flatMap(([path, item]) =>
      methods.filter((m) => (item as Json)[m]).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThan(30);
    const missing = operations.filter((op) => ![...(seen.get(op) ?? [])].some((status) => status < 300));
    expect(missing).toEqual([]);
    const statuses = new Set([...seen.values()].flatMap((set) => [...set]));
    for (const status of [400, 401, 403, 404, 409, 413, 415, 429])
      expect(statuses.has(status), String(status)).toBe(true);
  });
});
