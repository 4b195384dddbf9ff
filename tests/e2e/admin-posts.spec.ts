import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { demoPosts } from "../../server/db/seed/demo/posts";
import { ADMIN_PASSWORD, signIn } from "./support/admin";
import { hydrated } from "./support/hydration";

// Admin posts (issue #6; spec/quiz-and-admin.md §2 "Admin posts list" and "Admin post form",
// §4, §5 "Post form" and "Upload", §8 "Post" and "Upload"), signed in, against the demo posts.
// Tests run in parallel on one server: each creates its own uniquely named posts, dated long
// ago so they never become the home page's featured (newest) posts, and deletes them again.

// A 1x1 PNG: a real image the server accepts and re-encodes.
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const OLD_DAY = "2001-02-03";
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const COMPARISON = demoPosts.find((p) => p.postType === "comparison") ?? demoPosts[0];
const IRONJAW = demoPosts.find((p) => p.slug === "ironjaw-tread-chew-review-built-for-power-chewers") ?? demoPosts[0];
if (!COMPARISON || !IRONJAW) throw new Error("the demo posts are missing");

function uniqueId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

const CONTENT =
  "## Why we like it\n\nThis ball is **tough**, *bouncy* and easy to find in tall grass. See [our quiz](/quiz) for more.";

/** The toast on screen: a list item of the notification area. */
function toastWith(page: Page, title: string) {
  return page
    .getByRole("region", { name: /Notification/ })
    .getByRole("listitem")
    .filter({ hasText: title });
}

async function expectToast(page: Page, title: string, description: string) {
  const item = toastWith(page, title);
  await expect(item).toBeVisible();
  await expect(item).toContainText(description);
}

/** Closes a toast, as a user would before clicking what it covers (the corner of the list). */
async function closeToast(page: Page, title: string) {
  await toastWith(page, title).getByRole("button", { name: "Close notification" }).click();
  await expect(toastWith(page, title)).toHaveCount(0);
}

const field = {
  title: (page: Page) => page.getByLabel("Title", { exact: true }),
  slug: (page: Page) => page.getByLabel("Slug", { exact: true }),
  excerpt: (page: Page) => page.getByLabel("Excerpt", { exact: true }),
  content: (page: Page) => page.getByLabel("Post body", { exact: true }),
  imageUrl: (page: Page) => page.getByLabel("Image URL", { exact: true }),
  publishDate: (page: Page) => page.getByLabel("Publish Date", { exact: true }),
  readingTime: (page: Page) => page.getByLabel("Reading Time (minutes)", { exact: true }),
  postType: (page: Page) => page.getByLabel("Post Type", { exact: true }),
  category: (page: Page) => page.getByLabel("Category"),
  upload: (page: Page) => page.getByLabel("Upload image"),
};

/**
 * Opens the new-post form and waits until it is live. The submit button is enabled before
 * hydration (the form posts to the page's action then), so hydration is waited for itself.
 */
async function openNewPost(page: Page) {
  await page.goto("/admin/posts/new");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create New Post");
  await expect(page.getByRole("button", { name: "Create Post" })).toBeEnabled();
}

async function fillValidPost(page: Page, values: { title: string; slug?: string; day?: string }) {
  await field.title(page).fill(values.title);
  if (values.slug !== undefined) await field.slug(page).fill(values.slug);
  await field.excerpt(page).fill("A sturdy ball that survives a season of fetch.");
  await field.content(page).fill(CONTENT);
  if (values.day) await field.publishDate(page).fill(values.day);
}

/** The message shown under a field, tied to it with aria-describedby and aria-invalid. */
async function expectFieldError(page: Page, input: ReturnType<typeof field.title>, message: string) {
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}

/** Requests of a method to a path (regexp), recorded from now on. */
function recordRequests(page: Page, method: string, path: RegExp): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

/** 'MMM d, yyyy' of a yyyy-mm-dd day. */
function compactDate(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return `${SHORT_MONTHS[month - 1]} ${date}, ${year}`;
}

function postsTable(page: Page) {
  return page.getByRole("table");
}

function rowOf(page: Page, title: string) {
  return postsTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: title, exact: true }) });
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.beforeEach(async ({ page, javaScriptEnabled }) => {
  if (javaScriptEnabled) {
    await signIn(page);
    return;
  }
  // Nothing hydrates without scripts (signIn waits for it): the session cookie is all it takes.
  const response = await page.request.post("/api/admin/login", { data: { password: ADMIN_PASSWORD } });
  expect(response.status()).toBe(200);
});

test.describe("admin posts list", () => {
  test("lists every post newest first with type, date, reading time and actions", async ({ page }) => {
    await page.goto("/admin/posts");
    await expect(page).toHaveTitle("Manage Posts | Pawsome Picks");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Posts");
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/admin/dashboard");
    await expect(page.getByRole("link", { name: "New Post" })).toHaveAttribute("href", "/admin/posts/new");
    await expect(postsTable(page).getByRole("columnheader")).toHaveText([
      "Title",
      "Type",
      "Published",
      "Reading Time",
      "Actions",
    ]);

    const api = (await (await page.request.get("/api/posts")).json()) as {
      id: number;
      title: string;
      publishedAt: string;
      readingTime: number;
      postType: string;
    }[];
    const newest = [...api].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
    const titles = await postsTable(page).locator("tbody tr td:first-child a").allTextContents();
    expect(titles.slice(0, 3)).toEqual(newest.slice(0, 3).map((p) => p.title));

    const ironjaw = api.find((p) => p.title === IRONJAW.title);
    if (!ironjaw) throw new Error("Ironjaw review is missing");
    const row = rowOf(page, IRONJAW.title);
    await expect(row.getByRole("cell").nth(1)).toHaveText("Review");
    await expect(row.getByRole("cell").nth(2)).toHaveText(compactDate(ironjaw.publishedAt.slice(0, 10)));
    await expect(row.getByRole("cell").nth(3)).toHaveText(`${ironjaw.readingTime} min`);
    await expect(row.getByRole("link", { name: `Edit ${IRONJAW.title}` })).toHaveAttribute(
      "href",
      `/admin/posts/${ironjaw.id}`,
    );
    await expect(row.getByRole("button", { name: `Delete ${IRONJAW.title}` })).toBeVisible();
  });

  test("search matches title, excerpt and post type, ignoring case, and says when nothing matches", async ({
    page,
  }) => {
    await page.goto("/admin/posts");
    const search = page.getByRole("searchbox", { name: "Search posts" });
    await expect(search).toHaveAttribute("placeholder", "Search posts...");
    const rows = postsTable(page).locator("tbody tr");
    await expect(rows).toHaveCount(await rows.count());
    const total = await rows.count();
    expect(total).toBeGreaterThanOrEqual(demoPosts.length);

    await search.fill(IRONJAW.title.toUpperCase());
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(IRONJAW.title);

    // A phrase only in the excerpt
    const excerptWords = "choking hazard for a labrador";
    await search.fill(excerptWords);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Choosing Dog Toys by Breed Size");

    await search.fill("COMPARISON");
    await expect(rows.filter({ hasText: COMPARISON.title })).toHaveCount(1);
    for (const type of await rows.locator("td:nth-child(2)").allTextContents()) expect(type).toBe("Comparison");

    await search.fill("no post is called this zq");
    await expect(page.getByText("No posts match your search", { exact: true })).toBeVisible();
    await expect(postsTable(page)).toHaveCount(0);

    // Cleared, the search shows every post again. The browser tests share one server, so the
    // list's refresh can bring another test's new post, or miss one another test has deleted
    // meanwhile: the demo posts, which no test deletes, at least.
    await search.fill("");
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(demoPosts.length);
    for (const post of demoPosts) await expect(rows.filter({ hasText: post.title })).toHaveCount(1);
  });

  test("shows 'No posts found' when the refreshed list after a delete is empty", async ({ page }) => {
    const id = uniqueId();
    const created = await page.request.post("/api/posts", {
      data: {
        title: `Lonely Post ${id}`,
        slug: `lonely-post-${id}`,
        excerpt: "The last post standing on this list.",
        content: CONTENT,
        publishedAt: new Date(`${OLD_DAY}T12:00:00Z`).toISOString(),
      },
    });
    expect(created.status()).toBe(201);

    await page.goto("/admin/posts");
    await hydrated(page);
    // The server keeps the demo posts other tests read; the list the page reloads after the
    // delete is made empty here to reach the "no posts at all" state. The list is paged on the
    // server (issue 26), so the reload is the page's own data request: it is answered with the
    // data of a search that matches nothing, while the address still has no search.
    await page.route(/\/admin\/posts\.data/, async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set("q", `no post is called this ${id}`);
      await route.fulfill({ response: await route.fetch({ url: url.href }) });
    });
    await page.getByRole("button", { name: `Delete Lonely Post ${id}` }).click();
    await page.getByRole("alertdialog", { name: "Delete Post" }).getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Post deleted", `Lonely Post ${id}`);
    await expect(page.getByText("No posts found. Create your first post!", { exact: true })).toBeVisible();
  });

  test("a failed delete says why and keeps the post", async ({ page }) => {
    await page.goto("/admin/posts");
    await page.route("**/api/posts/*", (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 500, json: { message: "Database unavailable" } })
        : route.continue(),
    );
    await rowOf(page, IRONJAW.title)
      .getByRole("button", { name: `Delete ${IRONJAW.title}` })
      .click();
    await page.getByRole("alertdialog", { name: "Delete Post" }).getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Error", "Failed to delete post: Database unavailable");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(rowOf(page, IRONJAW.title)).toHaveCount(1);
  });
});

test.describe("admin post form", () => {
  test("creates a post with an uploaded image, edits it, and deletes it", async ({ page, request }) => {
    test.setTimeout(90_000);
    const id = uniqueId();
    const title = `Bouncy Ball Review ${id}`;
    const slug = `bouncy-ball-review-${id}`;
    const uploads = recordRequests(page, "POST", /^\/api\/upload$/);

    await openNewPost(page);
    await fillValidPost(page, { title, slug, day: OLD_DAY });
    // The live preview renders the body like the public page.
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("heading", { level: 2, name: "Why we like it" })).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("tough");
    await expect(preview.getByRole("link", { name: "our quiz" })).toHaveAttribute("href", "/quiz");

    await field.upload(page).setInputFiles({ name: "ball.png", mimeType: "image/png", buffer: PNG_1X1 });
    await expectToast(page, "Image uploaded", "Image has been uploaded successfully");
    await expect(field.imageUrl(page)).toHaveValue(/^\/uploads\/.+/);
    expect(uploads).toHaveLength(1);
    const imageUrl = await field.imageUrl(page).inputValue();
    await expect(page.getByRole("img", { name: "Featured Image preview" })).toHaveAttribute("src", imageUrl);

    await page.getByRole("button", { name: "Publish" }).click();
    await expectToast(page, "Post created", title);
    await closeToast(page, "Post created");
    await expect(page).toHaveURL(/\/admin\/posts(\?saved=\d+)?$/);
    const row = rowOf(page, title);
    await expect(row.getByRole("cell").nth(2)).toHaveText(compactDate(OLD_DAY));
    // worked out from the body (issue 26): its 20 words take a minute
    await expect(row.getByRole("cell").nth(3)).toHaveText("1 min");
    await expect(row.getByRole("cell").nth(1)).toHaveText("Review");

    const publicPage = await page.context().newPage();
    await publicPage.goto(`/reviews/${slug}`);
    await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(publicPage.getByRole("img", { name: title })).toHaveAttribute("src", imageUrl);
    await expect(publicPage.getByRole("heading", { level: 2, name: "Why we like it" })).toBeVisible();
    const stored = (await (await request.get(`/api/posts/${slug}`)).json()) as {
      id: number;
      authorName: string;
      authorImageUrl: string;
      publishedAt: string;
    };
    expect(stored.authorName).toBe("Pawsome Picks Team");
    expect(stored.authorImageUrl).toBe("/placeholder.svg");
    // Noon of the chosen day in the browser's time zone.
    const noon = await page.evaluate((day) => {
      const [y, m, d] = day.split("-").map(Number) as [number, number, number];
      return new Date(y, m - 1, d, 12).toISOString();
    }, OLD_DAY);
    expect(stored.publishedAt).toBe(noon);

    // Edit: the form loads the post; the new title shows on the public page.
    await row.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/posts/${stored.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Post");
    await expect(field.title(page)).toHaveValue(title);
    await expect(field.slug(page)).toHaveValue(slug);
    await expect(field.publishDate(page)).toHaveValue(OLD_DAY);
    await expect(field.imageUrl(page)).toHaveValue(imageUrl);
    await expect(page.getByRole("button", { name: "Update Post" })).toBeEnabled();
    const newTitle = `Bouncy Ball Review Updated ${id}`;
    await field.title(page).fill(newTitle);
    await field.readingTime(page).fill("7");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expectToast(page, "Post updated", newTitle);
    await closeToast(page, "Post updated");
    await expect(page).toHaveURL(/\/admin\/posts(\?saved=\d+)?$/);
    await expect(rowOf(page, newTitle).getByRole("cell").nth(3)).toHaveText("7 min");
    await publicPage.reload();
    await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText(newTitle);

    // Delete: Cancel keeps it, Delete removes it (toast, gone from the list, public page 404).
    await rowOf(page, newTitle)
      .getByRole("button", { name: `Delete ${newTitle}` })
      .click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Post" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      `Are you sure you want to delete ${newTitle}? It moves to the Trash, where you can restore it for 30 days.`,
    );
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, newTitle)).toHaveCount(1);

    await rowOf(page, newTitle)
      .getByRole("button", { name: `Delete ${newTitle}` })
      .click();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await rowOf(page, newTitle)
      .getByRole("button", { name: `Delete ${newTitle}` })
      .click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Post deleted", newTitle);
    // it went to the Trash, and the toast says so (issue 26)
    await expect(toastWith(page, "Post deleted")).toContainText("is in the Trash for 30 days");
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, newTitle)).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeFocused();
    const gone = await publicPage.goto(`/reviews/${slug}`);
    expect(gone?.status()).toBe(404);
    await publicPage.close();
  });

  test("starts with the defaults and generates the slug from the title", async ({ page }) => {
    await openNewPost(page);
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    });
    await expect(field.publishDate(page)).toHaveValue(today);
    // The reading time follows the text until the writer types one (issue 26): no text, a minute.
    await expect(field.readingTime(page)).toHaveValue("1");
    await expect(page.getByRole("checkbox", { name: "Work it out from the text" })).toBeChecked();
    await expect(field.postType(page)).toHaveValue("review");
    await expect(field.postType(page).locator("option")).toHaveText(["Review", "Guide", "Comparison"]);
    await expect(field.category(page)).toHaveValue("none");
    await expect(field.category(page).locator("option").first()).toHaveText("None");
    await expect(page.getByText("Bold:")).toContainText("**text**");
    await expect(page.getByText("Italic:")).toContainText("*text*");
    await expect(page.getByText("Link:")).toContainText("[text](url)");
    await expect(page.getByText("Heading:")).toContainText("## Heading");

    await field.title(page).fill("Best Chew Toys: 2024's Top 10!");
    await expect(field.slug(page)).toHaveAttribute("placeholder", "best-chew-toys-2024s-top-10");
    await expect(page.getByText("/reviews/best-chew-toys-2024s-top-10")).toBeVisible();
    await field.postType(page).selectOption("guide");
    await expect(page.getByText("/guides/best-chew-toys-2024s-top-10")).toBeVisible();
  });

  test("shows every validation message under its field and sends nothing", async ({ page }) => {
    const writes = recordRequests(page, "POST", /^\/api\/posts$/);
    await openNewPost(page);
    await field.readingTime(page).fill("0");
    await page.getByRole("button", { name: "Create Post" }).click();

    await expectFieldError(page, field.title(page), "Title must be at least 5 characters");
    await expectFieldError(page, field.excerpt(page), "Excerpt must be at least 10 characters");
    await expectFieldError(page, field.content(page), "Content must be at least 50 characters");
    await expectFieldError(page, field.readingTime(page), "Reading time must be at least 1 minute");
    await expect(field.title(page)).toBeFocused();

    await field.title(page).fill("Valid title");
    await field.slug(page).fill("ab");
    await page.getByRole("button", { name: "Create Post" }).click();
    await expectFieldError(page, field.slug(page), "Slug must be at least 3 characters");
    await expect(field.slug(page)).toBeFocused();
    await expect(page.getByText("Title must be at least 5 characters")).toHaveCount(0);

    await field.slug(page).fill("Bad Slug!");
    await page.getByRole("button", { name: "Create Post" }).click();
    await expectFieldError(page, field.slug(page), "Slug can only contain lowercase letters, numbers, and hyphens");

    // Fixing a field clears its message as you type.
    await field.readingTime(page).fill("3");
    await expect(page.getByText("Reading time must be at least 1 minute")).toHaveCount(0);
    await expect(field.readingTime(page)).not.toHaveAttribute("aria-invalid", "true");
    expect(writes).toEqual([]);
  });

  test("a slug another post has is refused on the slug field", async ({ page }) => {
    await openNewPost(page);
    await fillValidPost(page, { title: `Copycat ${uniqueId()}`, slug: IRONJAW.slug, day: OLD_DAY });
    // The request is held for a moment to see the saving state.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/posts", async (route) => {
      await released;
      await route.continue();
    });
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
    release();
    await expectFieldError(page, field.slug(page), "A post with this slug already exists");
    await expect(field.slug(page)).toBeFocused();
    await expectToast(page, "Error", "Failed to create post: A post with this slug already exists");
    await expect(page).toHaveURL(/\/admin\/posts\/new$/);
    await expect(page.getByRole("button", { name: "Create Post" })).toBeEnabled();
  });

  test("refuses a non-image file and a file over 5 MB in the browser, and reverts a refused upload", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const uploads = recordRequests(page, "POST", /^\/api\/upload$/);
    await openNewPost(page);

    await field.upload(page).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
    await expectToast(page, "Invalid file type", "Please upload an image file (JPEG, PNG, GIF, etc.)");

    await field.upload(page).setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]),
    });
    await expectToast(page, "File too large", "Image size must be less than 5MB");
    expect(uploads).toEqual([]);

    // A file that claims to be a PNG but is not: the server refuses it, the previous image stays.
    await field.imageUrl(page).fill("/placeholder.svg");
    await field.upload(page).setInputFiles({
      name: "fake.png",
      mimeType: "image/png",
      buffer: Buffer.from("this is not an image at all"),
    });
    await expectToast(page, "Upload failed", "Please upload an image file (JPEG, PNG, GIF, etc.)");
    expect(uploads).toHaveLength(1);
    await expect(field.imageUrl(page)).toHaveValue("/placeholder.svg");
    await expect(page.getByRole("img", { name: "Featured Image preview" })).toHaveAttribute("src", "/placeholder.svg");
  });

  test("asks before leaving with unsaved changes", async ({ page }) => {
    await openNewPost(page);
    await field.title(page).fill("Half-written thoughts");
    await page.getByRole("link", { name: "Back to Posts" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Discard unsaved changes?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Keep editing" }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/new$/);
    await expect(field.title(page)).toHaveValue("Half-written thoughts");

    await page.getByRole("link", { name: "Back to Posts" }).click();
    await dialog.getByRole("button", { name: "Discard changes" }).click();
    await expect(page).toHaveURL(/\/admin\/posts(\?saved=\d+)?$/);
  });

  test("an untouched post leaves without asking, also after a field is changed back", async ({ page }) => {
    await page.goto("/admin/posts");
    await hydrated(page);
    await page.getByRole("link", { name: `Edit ${IRONJAW.title}` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Post");
    await expect(field.content(page)).not.toHaveValue("");
    await page.getByRole("link", { name: "Back to Posts" }).click();
    await expect(page).toHaveURL(/\/admin\/posts(\?saved=\d+)?$/);

    await page.getByRole("link", { name: `Edit ${IRONJAW.title}` }).click();
    await field.readingTime(page).fill("99");
    await field.readingTime(page).fill(String(IRONJAW.readingTime));
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  });

  test("Save keeps the editor open and says when it saved; the reading time follows the text until typed", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const id = uniqueId();
    const title = `Saved In Place ${id}`;
    const words = (n: number) => Array.from({ length: n }, () => "tug").join(" ");
    await openNewPost(page);
    await fillValidPost(page, { title, slug: `saved-in-place-${id}`, day: OLD_DAY });
    // 450 words: three minutes, worked out as the text is written
    await field.content(page).fill(`${CONTENT}\n\n${words(430)}`);
    await expect(field.readingTime(page)).toHaveValue("3");

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectToast(page, "Post created", title);
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\?saved=1$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Post");
    await expect(page.getByRole("status").filter({ hasText: /^Saved at \d/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save", exact: true })).toBeFocused();
    const postId = Number(new URL(page.url()).pathname.split("/").pop());

    // A typed reading time stands, through the next save and the text's changes.
    await field.readingTime(page).fill("7");
    await expect(page.getByRole("checkbox", { name: "Work it out from the text" })).not.toBeChecked();
    await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();
    await page.keyboard.press("Control+s");
    await expectToast(page, "Post updated", title);
    await expect(page.getByRole("status").filter({ hasText: /^Saved at \d/ })).toBeVisible();
    await field.content(page).fill(`${CONTENT}\n\n${words(1000)}`);
    await expect(field.readingTime(page)).toHaveValue("7");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Saved at \d/ })).toBeVisible();
    const stored = (await (await page.request.get(`/api/posts/${postId}`)).json()) as {
      readingTime: number;
      readingTimeAuto: boolean;
    };
    expect(stored).toMatchObject({ readingTime: 7, readingTimeAuto: false });
    await page.reload();
    await hydrated(page);
    await expect(field.readingTime(page)).toHaveValue("7");
    await expect(page.getByRole("checkbox", { name: "Work it out from the text" })).not.toBeChecked();

    // The list is one click away, with the post marked.
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Posts" }).click();
    await expect(page).toHaveURL(/\/admin\/posts$/);
    expect((await page.request.delete(`/api/posts/${postId}`)).status()).toBe(204);
  });

  test("an unknown post id answers 404", async ({ page }) => {
    const response = await page.goto("/admin/posts/999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Post Not Found");
    await expect(page.getByRole("link", { name: "Back to Posts" })).toHaveAttribute("href", "/admin/posts");
  });
});

test.describe("admin posts on a phone and for assistive technology", () => {
  test("the form fits 375 px, shows the preview below the editor and validates @mobile", async ({ page }) => {
    await openNewPost(page);
    await expectNoHorizontalScroll(page);
    const editor = await field.content(page).boundingBox();
    const preview = await page.getByRole("region", { name: "Preview" }).boundingBox();
    if (!editor || !preview) throw new Error("editor or preview not laid out");
    const viewport = page.viewportSize();
    if (viewport && viewport.width < 1024) expect(preview.y).toBeGreaterThan(editor.y + editor.height);
    else expect(Math.abs(preview.y - editor.y)).toBeLessThan(40);

    await page.getByRole("button", { name: "Create Post" }).click();
    await expectFieldError(page, field.title(page), "Title must be at least 5 characters");
    await expect(field.title(page)).toBeFocused();
    await expectNoHorizontalScroll(page);
  });

  test("the list fits 375 px with every post's actions @mobile", async ({ page }) => {
    await page.goto("/admin/posts");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Posts");
    await expectNoHorizontalScroll(page);
    await expect(page.getByRole("link", { name: `Edit ${IRONJAW.title}` })).toBeVisible();
    await expect(page.getByRole("button", { name: `Delete ${IRONJAW.title}` })).toBeVisible();
  });

  test("the list, the delete dialog and the form have no accessibility violations @mobile", async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto("/admin/posts");
    await expect(page.getByRole("button", { name: `Delete ${IRONJAW.title}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: `Delete ${IRONJAW.title}` }).click();
    await expect(page.getByRole("alertdialog", { name: "Delete Post" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();

    await openNewPost(page);
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(field.title(page)).toBeFocused();
    await expectNoAxeViolations(page);
  });
});

test.describe("admin post form in a browser 13 hours ahead of UTC", () => {
  // New Zealand summer: the browser's day starts 13 hours before the server's (UTC) one.
  test.use({ timezoneId: "Pacific/Auckland" });

  test("the day picked is the day stored and shown again", async ({ page, request }) => {
    const id = uniqueId();
    const title = `Kiwi Day Review ${id}`;
    await openNewPost(page);
    await fillValidPost(page, { title, slug: `kiwi-day-review-${id}`, day: OLD_DAY });
    await page.getByRole("button", { name: "Publish" }).click();
    await expectToast(page, "Post created", title);
    await expect(page).toHaveURL(/\/admin\/posts(\?saved=\d+)?$/);

    // Noon in Auckland on the 3rd is 23:00 UTC on the 2nd.
    const stored = (await (await request.get(`/api/posts/kiwi-day-review-${id}`)).json()) as {
      id: number;
      publishedAt: string;
    };
    expect(stored.publishedAt).toBe("2001-02-02T23:00:00.000Z");

    // The server renders the UTC day; once the scripts run, the form shows the browser's, and
    // that is not an unsaved change.
    await page.goto(`/admin/posts/${stored.id}`);
    await hydrated(page);
    await expect(field.publishDate(page)).toHaveValue(OLD_DAY);
    await page.getByRole("link", { name: "Back to Posts" }).click();
    await expect(page).toHaveURL(/\/admin\/posts(\?saved=\d+)?$/);

    // Saved again unchanged, it keeps its instant.
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await page.getByRole("button", { name: "Update Post" }).click();
    await expectToast(page, "Post updated", title);
    const again = (await (await request.get(`/api/posts/${stored.id}`)).json()) as { publishedAt: string };
    expect(again.publishedAt).toBe(stored.publishedAt);
    expect((await page.request.delete(`/api/posts/${stored.id}`)).status()).toBe(204);
  });
});

test.describe("admin post form scheduling a time of day", () => {
  test.use({ timezoneId: "Europe/Berlin" });

  test("schedules for the day and time picked in the owner's time zone, which the form names", async ({ page }) => {
    const id = uniqueId();
    const title = `Teatime Review ${id}`;
    await openNewPost(page);
    await expect(page.getByText("Your time zone:")).toContainText("Europe/Berlin");
    await fillValidPost(page, { title, slug: `teatime-review-${id}`, day: "2099-06-15" });
    await page.getByLabel("Publish Time").fill("16:30");
    await page.getByRole("button", { name: "Publish" }).click();
    await expectToast(page, "Post created", "scheduled");
    await expect(page).toHaveURL(/\/admin\/posts\?saved=\d+$/);
    const postId = Number(new URL(page.url()).searchParams.get("saved"));
    const stored = (await (await page.request.get(`/api/posts/${postId}`)).json()) as {
      publishedAt: string;
      status: string;
    };
    // 16:30 in Berlin's summer time is 14:30 UTC
    expect(stored).toMatchObject({ publishedAt: "2099-06-15T14:30:00.000Z", status: "scheduled" });

    // the editor shows it back at that time
    await page.goto(`/admin/posts/${postId}`);
    await hydrated(page);
    await expect(page.getByLabel("Publish Time")).toHaveValue("16:30");
    await expect(field.publishDate(page)).toHaveValue("2099-06-15");
    expect((await page.request.delete(`/api/posts/${postId}`)).status()).toBe(204);
  });
});

test.describe("admin post form before its scripts run", () => {
  // The form is a real form: it posts to the page's action, which checks it with the same
  // schema and saves it with the same service as POST /api/posts.
  test.use({ javaScriptEnabled: false });

  test("says what is wrong under each field, keeps what was typed, then creates the post", async ({
    page,
    request,
  }) => {
    const id = uniqueId();
    const title = `Scriptless Review ${id}`;
    const slug = `scriptless-review-${id}`;
    await page.goto("/admin/posts/new");
    await field.title(page).fill("Tiny");
    await field.excerpt(page).fill("A sturdy ball that survives a season of fetch.");
    await page.getByRole("button", { name: "Create Post" }).click();

    await expect(page).toHaveURL(/\/admin\/posts\/new$/);
    await expectFieldError(page, field.title(page), "Title must be at least 5 characters");
    await expectFieldError(page, field.content(page), "Content must be at least 50 characters");
    await expect(field.excerpt(page)).toHaveValue("A sturdy ball that survives a season of fetch.");

    await field.title(page).fill(title);
    await field.slug(page).fill(slug);
    await field.content(page).fill(CONTENT);
    await field.publishDate(page).fill(OLD_DAY);
    await field.postType(page).selectOption("guide");
    await page.getByRole("button", { name: "Publish" }).click();

    await expect(page).toHaveURL(/\/admin\/posts(\?saved=\d+)?$/);
    await expect(rowOf(page, title).getByRole("cell").nth(1)).toHaveText("Guide");
    const stored = (await (await request.get(`/api/posts/${slug}`)).json()) as {
      id: number;
      publishedAt: string;
      authorName: string;
    };
    // The page showed the day in UTC, so noon UTC of that day is stored.
    expect(stored.publishedAt).toBe(`${OLD_DAY}T12:00:00.000Z`);
    expect(stored.authorName).toBe("Pawsome Picks Team");

    // A slug another post has is refused under the slug field, as the API refuses it.
    await page.goto("/admin/posts/new");
    await fillValidPost(page, { title: `Copycat ${id}`, slug, day: OLD_DAY });
    await page.getByRole("button", { name: "Create Post" }).click();
    await expectFieldError(page, field.slug(page), "A post with this slug already exists");
    expect((await page.request.delete(`/api/posts/${stored.id}`)).status()).toBe(204);
  });
});
