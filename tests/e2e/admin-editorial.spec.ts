import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { hydrated } from "./support/hydration";
import { jsonLdOf, ofType, reviewErrors } from "./support/rich-results";

// Issue 18 (drafts, schedule, preview, revisions, slugs, trash, lists) and issue 17's editor
// (insert product, live preview with boxes, reviewed toy), signed in, in a real browser. Each
// test makes its own uniquely named posts, dated long ago so they never become featured.

const CONTENT =
  "## Why we like it\n\nThis ball is **tough**, *bouncy* and easy to find in tall grass. See [our quiz](/quiz) for more.";
const OLD_DAY = "2001-02-03";

function uniqueId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

const field = {
  title: (page: Page) => page.getByLabel("Title", { exact: true }),
  slug: (page: Page) => page.getByLabel("Slug", { exact: true }),
  excerpt: (page: Page) => page.getByLabel("Excerpt", { exact: true }),
  content: (page: Page) => page.getByLabel("Post body", { exact: true }),
  publishDate: (page: Page) => page.getByLabel("Publish Date", { exact: true }),
  postType: (page: Page) => page.getByLabel("Post Type", { exact: true }),
};

function toastWith(page: Page, title: string) {
  return page
    .getByRole("region", { name: /Notification/ })
    .getByRole("listitem")
    .filter({ hasText: title });
}

async function openNewPost(page: Page) {
  await page.goto("/admin/posts/new");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create New Post");
}

async function fillPost(page: Page, values: { title: string; slug: string; day?: string; type?: string }) {
  // the date first: a focused date input on a phone keeps scrolling itself into view
  await field.publishDate(page).fill(values.day ?? OLD_DAY);
  await field.title(page).fill(values.title);
  await field.slug(page).fill(values.slug);
  await field.excerpt(page).fill("A sturdy ball that survives a season of fetch.");
  await field.content(page).fill(CONTENT);
  if (values.type) await field.postType(page).selectOption(values.type);
}

/** A post made through the API (the owner's session), returned with its id. */
async function apiPost(page: Page, fields: Record<string, unknown>) {
  const id = uniqueId();
  const response = await page.request.post("/api/posts", {
    data: {
      title: `Editorial Test ${id}`,
      slug: `editorial-test-${id}`,
      excerpt: "A post the editorial browser tests make.",
      content: CONTENT,
      postType: "guide",
      publishedAt: `${OLD_DAY}T12:00:00.000Z`,
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; slug: string; title: string; status: string };
}

/** How an anonymous visitor's browser sees a path (a context without the owner's session). */
async function anonymousStatus(page: Page, path: string): Promise<number> {
  const context = await page
    .context()
    .browser()
    ?.newContext({ baseURL: new URL(page.url()).origin });
  if (!context) throw new Error("no browser");
  try {
    const response = await context.request.get(path, { maxRedirects: 0 });
    return response.status();
  } finally {
    await context.close();
  }
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test.describe("status", () => {
  test("a new post starts as a draft: invisible to visitors, marked in the list, previewable by the owner @mobile", async ({
    page,
  }) => {
    const id = uniqueId();
    const title = `Draft Ball Review ${id}`;
    const slug = `draft-ball-review-${id}`;
    await openNewPost(page);
    await expect(page.getByText("New posts start as drafts", { exact: false })).toBeVisible();
    await fillPost(page, { title, slug });
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(toastWith(page, "Post created")).toContainText("as a draft");
    await expect(page).toHaveURL(/\/admin\/posts\?saved=\d+$/);
    // the saved row is marked
    const saved = page.locator("tr[data-saved]");
    await expect(saved).toContainText(title);
    await expect(saved).toContainText("Draft");

    expect(await anonymousStatus(page, `/reviews/${slug}`)).toBe(404);
    const postId = Number(new URL(page.url()).searchParams.get("saved"));
    // the preview: the public layout, noindex, never cached, owner only
    const preview = await page.request.get(`/admin/posts/${postId}/preview`);
    expect(preview.status()).toBe(200);
    expect(preview.headers()["cache-control"]).toBe("private, no-store");
    expect(preview.headers()["x-robots-tag"]).toBe("noindex");
    await page.goto(`/admin/posts/${postId}/preview`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("status").filter({ hasText: "Preview (Draft)" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    expect(await anonymousStatus(page, `/admin/posts/${postId}/preview`)).toBe(302);
  });

  test("Publish makes a draft live; Switch to Draft takes it back", async ({ page }) => {
    const post = await apiPost(page, { status: "draft" });
    await page.goto(`/admin/posts/${post.id}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(toastWith(page, "Post updated")).toBeVisible();
    expect(await anonymousStatus(page, `/guides/${post.slug}`)).toBe(200);

    await page.goto(`/admin/posts/${post.id}`);
    await hydrated(page);
    await expect(page.getByRole("status").filter({ hasText: "Published" }).first()).toBeVisible();
    await page.getByRole("button", { name: "Switch to Draft" }).click();
    await expect(toastWith(page, "Post updated")).toContainText("as a draft");
    expect(await anonymousStatus(page, `/guides/${post.slug}`)).toBe(404);
  });

  test("a publish date ahead schedules the post, and it appears by itself when its time comes", async ({ page }) => {
    // through the form: a day ahead, Publish
    const id = uniqueId();
    await openNewPost(page);
    const tomorrow = new Date(Date.now() + 36 * 60 * 60_000).toISOString().slice(0, 10);
    await fillPost(page, { title: `Scheduled Review ${id}`, slug: `scheduled-review-${id}`, day: tomorrow });
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(toastWith(page, "Post created")).toContainText("scheduled");
    await expect(page.locator("tr[data-saved]")).toContainText("Scheduled");
    expect(await anonymousStatus(page, `/reviews/scheduled-review-${id}`)).toBe(404);

    // through the API: a few seconds ahead; it goes live by itself (within the read cache's 5 s)
    const soon = await apiPost(page, { status: "scheduled", publishedAt: new Date(Date.now() + 3_000).toISOString() });
    expect(soon.status).toBe("scheduled");
    expect(await anonymousStatus(page, `/guides/${soon.slug}`)).toBe(404);
    await expect
      .poll(() => anonymousStatus(page, `/guides/${soon.slug}`), { timeout: 20_000, intervals: [1_000] })
      .toBe(200);
  });
});

test.describe("revisions and addresses", () => {
  test("every save keeps a revision; compare shows the difference; restore brings it back", async ({ page }) => {
    const post = await apiPost(page, {});
    await page.request.patch(`/api/posts/${post.id}`, {
      data: { title: `${post.title} Second`, content: `${CONTENT}\n\nA new paragraph.` },
    });
    await page.goto(`/admin/posts/${post.id}`);
    await hydrated(page);
    const panel = page.getByRole("region", { name: "Revisions" });
    await expect(panel.getByRole("listitem")).toHaveCount(1);
    // each version says when a save replaced it and what that save changed (issue 26)
    await expect(panel.getByRole("listitem")).toContainText("Saved over");
    await expect(panel.getByRole("listitem")).toContainText("Changed Title, Post body (+2 −0 lines)");
    await panel.getByRole("button", { name: "What changed" }).click();
    const changes = page.getByRole("dialog", { name: /Changes saved/ });
    await expect(changes).toBeVisible();
    await expect(changes.getByText("Added: A new paragraph.")).toBeAttached();
    await expect(changes).toContainText(`${post.title} Second`);
    await page.keyboard.press("Escape");
    await expect(changes).toBeHidden();
    await panel.getByRole("button", { name: "Compare" }).click();
    const dialog = page.getByRole("dialog", { name: /Compare with the version/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("A new paragraph.")).toBeVisible();
    await expect(dialog).toContainText(post.title);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Restore this version" }).click();
    await page
      .getByRole("alertdialog", { name: "Restore this version?" })
      .getByRole("button", { name: "Restore" })
      .click();
    await expect(toastWith(page, "Version restored")).toBeVisible();
    await expect(field.title(page)).toHaveValue(post.title);
    await expect(panel.getByRole("listitem")).toHaveCount(2);
  });

  test("a changed slug keeps the old address working with a 301", async ({ page }) => {
    const post = await apiPost(page, {});
    await page.goto(`/admin/posts/${post.id}`);
    await hydrated(page);
    await field.slug(page).fill(`${post.slug}-moved`);
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(toastWith(page, "Post updated")).toBeVisible();
    const old = await page.request.get(`/guides/${post.slug}`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(`/guides/${post.slug}-moved`);
  });
});

test.describe("lists and the trash", () => {
  test("filters, sort and search live in the address and survive a trip to the editor", async ({ page }) => {
    const draft = await apiPost(page, { status: "draft", postType: "comparison" });
    await page.goto("/admin/posts");
    await hydrated(page);
    await page.getByLabel("Status").selectOption("draft");
    await page.getByLabel("Type").selectOption("comparison");
    await expect(page).toHaveURL(/status=draft/);
    await expect(page).toHaveURL(/type=comparison/);
    const rows = page.getByRole("table").locator("tbody tr");
    await expect(rows.filter({ hasText: draft.title })).toHaveCount(1);
    for (const text of await rows.allTextContents()) expect(text).toContain("Draft");
    await page.getByRole("columnheader", { name: "Title" }).getByRole("link").click();
    await expect(page.getByRole("columnheader", { name: "Title" })).toHaveAttribute("aria-sort", "ascending");

    await page.getByRole("link", { name: `Edit ${draft.title}` }).click();
    await hydrated(page);
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page).toHaveURL(/status=draft/);
    await expect(page).toHaveURL(/type=comparison/);
    await expect(page).toHaveURL(/sort=title/);
    await expect(page.getByLabel("Status")).toHaveValue("draft");
    await expect(page.locator("tr[data-saved]")).toContainText(draft.title);
  });

  test("the list comes a page at a time; bulk actions publish, unpublish and move to the Trash", async ({ page }) => {
    test.setTimeout(90_000);
    const token = `Bulk Paging ${uniqueId()}`;
    const made: { id: number; slug: string; title: string }[] = [];
    for (let i = 0; i < 51; i++) {
      made.push(await apiPost(page, { title: `${token} ${String(i).padStart(2, "0")}`, status: "draft" }));
    }
    await page.goto(`/admin/posts?q=${encodeURIComponent(token)}`);
    await hydrated(page);
    const rows = page.getByRole("table").locator("tbody tr");
    // the server sends one page of 50, not every post
    await expect(rows).toHaveCount(50);
    await expect(page.getByText("Showing 1–50 of 51")).toBeVisible();
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows).toHaveCount(1);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Previous" }).click();
    await expect(rows).toHaveCount(50);

    const bar = page.getByRole("region", { name: "Bulk actions" });
    const [first, second] = [made[50], made[49]];
    if (!first || !second) throw new Error("posts missing");
    await page.getByRole("checkbox", { name: `Select ${first.title}` }).check();
    await page.getByRole("checkbox", { name: `Select ${second.title}` }).check();
    await expect(bar).toContainText("2 posts selected");
    await bar.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(toastWith(page, "Posts updated")).toContainText("2 posts published.");
    expect(await anonymousStatus(page, `/guides/${first.slug}`)).toBe(200);
    await expect(page.getByRole("checkbox", { name: `Select ${first.title}` })).not.toBeChecked();

    await page.getByRole("checkbox", { name: `Select ${first.title}` }).check();
    await bar.getByRole("button", { name: "Unpublish" }).click();
    await expect(toastWith(page, "Posts updated")).toContainText("1 post switched to draft.");
    expect(await anonymousStatus(page, `/guides/${first.slug}`)).toBe(404);

    await page.getByRole("checkbox", { name: "Select all posts on this page" }).check();
    await expect(bar).toContainText("50 posts selected");
    await bar.getByRole("button", { name: "Move to Trash" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Move to Trash" });
    await expect(dialog).toContainText("Move the 50 selected posts to the Trash? They stay there for 30 days");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Move to Trash" }).click();
    await expect(toastWith(page, "Posts updated")).toContainText("50 posts moved to the Trash.");
    await expect(rows).toHaveCount(1);
    expect(await anonymousStatus(page, `/guides/${second.slug}`)).toBe(404);
    // each post has its own line in the activity log
    const log = (await (await page.request.get("/api/admin/audit-log?kind=post&pageSize=200")).json()) as {
      action: string;
      itemId: number;
    }[];
    expect(log.filter((entry) => entry.action === "delete" && made.some((p) => p.id === entry.itemId))).toHaveLength(
      50,
    );
    await page.request.post("/api/posts/bulk", { data: { ids: made.map((p) => p.id).slice(0, 1), action: "delete" } });
  });

  test("a deleted post goes to the trash and comes back; the trash empties for good @mobile", async ({ page }) => {
    const post = await apiPost(page, {});
    await page.goto("/admin/posts");
    await hydrated(page);
    await page
      .getByRole("button", { name: `Delete ${post.title}` })
      .first()
      .click();
    await page.getByRole("alertdialog", { name: "Delete Post" }).getByRole("button", { name: "Delete" }).click();
    await expect(toastWith(page, "Post deleted")).toBeVisible();
    expect(await anonymousStatus(page, `/guides/${post.slug}`)).toBe(404);

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Trash" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trash");
    await hydrated(page);
    const trash = page.getByRole("region", { name: "Deleted items" });
    const item = trash.getByRole("listitem").filter({ hasText: post.title });
    await expect(item).toContainText("goes for good on");
    await expectNoAxeViolations(page);
    await item.getByRole("button", { name: `Restore ${post.title}` }).click();
    await expect(toastWith(page, "Restored")).toBeVisible();
    await expect(item).toHaveCount(0);
    expect(await anonymousStatus(page, `/guides/${post.slug}`)).toBe(200);

    const other = await apiPost(page, {});
    expect((await page.request.delete(`/api/posts/${other.id}`)).status()).toBe(204);
    await page.reload();
    await hydrated(page);
    await page.getByRole("button", { name: `Delete for good: ${other.title}` }).click();
    await page
      .getByRole("alertdialog", { name: "Delete for good?" })
      .getByRole("button", { name: "Delete for good" })
      .click();
    await expect(toastWith(page, "Deleted for good")).toBeVisible();
    await expect(trash.getByRole("listitem").filter({ hasText: other.title })).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe("the editor's first load (decision 069)", () => {
  test("the preview keeps the server's HTML until the screen is used, then follows the text, without an error", async ({
    page,
  }) => {
    const post = await apiPost(page, {});
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });

    await page.goto(`/admin/posts/${post.id}`);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    // hydrated, untouched: the preview is the server's HTML and its code has not loaded
    const previewScripts = () => scripts.filter((path) => path.includes("markdown-preview"));
    expect(previewScripts()).toEqual([]);
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("heading", { name: "Why we like it" })).toBeVisible();

    // the first key press brings it; typing at once still updates the preview
    await field.content(page).fill(`${CONTENT}\n\n## Straight after loading`);
    await expect(preview.getByRole("heading", { name: "Straight after loading" })).toBeVisible();
    await expect(preview.getByRole("heading", { name: "Why we like it" })).toBeVisible();
    expect(previewScripts()).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

test.describe("products inside the editor (issue 17)", () => {
  test("Insert product places a buy box or a table at the caret, and the preview shows them as the page will", async ({
    page,
  }) => {
    await openNewPost(page);
    await field.content(page).fill("Intro paragraph.\n\nOutro paragraph.");
    // the caret after the intro
    await field.content(page).evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(16, 16));
    await page.getByRole("button", { name: "Insert product" }).click();
    const dialog = page.getByRole("dialog", { name: "Insert product" });
    await dialog.getByRole("combobox", { name: "Find a toy" }).fill("Ironjaw");
    await dialog.getByRole("option", { name: /Ironjaw Tread Chew/ }).click();
    await dialog.getByRole("button", { name: "Insert buy box" }).click();
    await expect(field.content(page)).toHaveValue("Intro paragraph.\n\n[[toy:ironjaw-tread-chew]]\n\nOutro paragraph.");
    // the writing goes on where it was: the text has the focus, the caret right after the token (issue 26)
    await expect(field.content(page)).toBeFocused();
    expect(
      await field.content(page).evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd]),
    ).toEqual([44, 44]);
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByTestId("buy-box")).toContainText("Ironjaw Tread Chew");

    await page.getByRole("button", { name: "Insert product" }).click();
    await dialog.getByLabel("Comparison table (2 to 6 toys)").check();
    const search = dialog.getByRole("combobox", { name: "Find a toy" });
    await search.fill("Ironjaw");
    await expect(dialog.getByRole("option", { name: /Ironjaw Tread Chew/ })).toBeVisible();
    await search.press("Enter");
    await search.fill("Wishbone");
    await dialog.getByRole("option", { name: /ChewForge Nylon Wishbone/ }).click();
    await dialog.getByRole("button", { name: "Insert comparison table" }).click();
    await expect(field.content(page)).toHaveValue(/\[\[compare:ironjaw-tread-chew,chewforge-nylon-wishbone\]\]/);
    await expect(preview.getByTestId("comparison-table").getByRole("columnheader")).toHaveCount(2);

    // a token naming no toy: visitors see nothing, the preview says why
    await field.content(page).fill(`${CONTENT}\n\n[[toy:no-such-toy]]`);
    await expect(preview.getByTestId("embed-warning")).toContainText("[[toy:no-such-toy]]");
  });

  test("a review names its toy and rating: the page shows its buy boxes and the Review rich result", async ({
    page,
  }) => {
    const id = uniqueId();
    await openNewPost(page);
    await fillPost(page, { title: `Rated Fox Review ${id}`, slug: `rated-fox-review-${id}` });
    const reviewed = page.getByRole("group", { name: "Reviewed toy" });
    await reviewed.getByRole("combobox", { name: "Toy reviewed" }).fill("Snugglemutt");
    await reviewed.getByRole("option", { name: /Snugglemutt Plush Fox/ }).click();
    await page.getByLabel("Our rating (1 to 5)").fill("4.5");
    await expect(page.getByRole("region", { name: "Preview" }).getByTestId("buy-box")).toHaveCount(2);
    await page.getByLabel("Meta title").fill(`Fox review meta ${id}`);
    await expect(page.getByText(`Fox review meta ${id} | Pawsome Picks`)).toBeVisible();
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(toastWith(page, "Post created")).toBeVisible();

    await page.goto(`/reviews/rated-fox-review-${id}`);
    await expect(page).toHaveTitle(`Fox review meta ${id} | Pawsome Picks`);
    await expect(page.getByTestId("buy-box")).toHaveCount(2);
    const review = ofType(await jsonLdOf(page), "Review");
    expect(reviewErrors(review)).toEqual([]);
    expect(review).toMatchObject({
      itemReviewed: { name: "Snugglemutt Plush Fox" },
      reviewRating: { ratingValue: 4.5 },
    });
  });
});

test("a product's changed slug keeps its old page address working with a 301", async ({ page }) => {
  const id = uniqueId();
  const created = await page.request.post("/api/toys", {
    data: {
      name: `Slug Test Rope ${id}`,
      description: "A rope made for the slug test.",
      details: "Braided cotton rope made for the slug browser test.",
      price: "$9.99",
    },
  });
  const toy = (await created.json()) as { id: number; slug: string };
  await page.goto(`/admin/products/${toy.id}`);
  await hydrated(page);
  await page.getByLabel("Page address (slug)").fill(`${toy.slug}-new`);
  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(page).toHaveURL(/\/admin\/products/);
  const old = await page.request.get(`/toys/${toy.slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/toys/${toy.slug}-new`);
  expect((await page.request.get(`/toys/${toy.slug}-new`)).status()).toBe(200);
});
