import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { hydrated } from "./support/hydration";

// Newsletters (issue 19): compose with the posts' product tokens, see it as the e-mail will look
// (HTML and text), test-send it to the owner, edit the draft, send it after a confirmation and
// watch its progress; or start from a published post. This server has no mail server, so
// messages wait in the outbox: the page says so, and the counts show them queued.

test.describe.configure({ timeout: 60_000 });

let counter = 0;
function uniqueTag(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
}

const PREVIEW_FRAME = 'iframe[title="E-mail preview (HTML part)"]';

/**
 * The page, and the e-mail on its own: axe cannot run inside the preview's sandbox (no scripts
 * may run there, axe's included), so the e-mail's HTML is checked as a page of its own instead.
 */
async function expectNoAxeViolations(page: Page, newsletterId?: number) {
  // not "networkidle": a preview frame's images on the public address may never settle here
  await page.waitForLoadState("load");
  const violations = async (builder: AxeBuilder) =>
    (await builder.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  expect(await violations(new AxeBuilder({ page }).exclude(PREVIEW_FRAME))).toEqual([]);
  if (newsletterId === undefined) return;
  const preview = (await (await page.request.get(`/api/admin/newsletters/${newsletterId}/preview`)).json()) as {
    html: string;
  };
  const mail = await page.context().newPage();
  try {
    await mail.setContent(preview.html);
    expect(await violations(new AxeBuilder({ page: mail }))).toEqual([]);
  } finally {
    await mail.close();
  }
}

/**
 * Nothing wider than the screen: measured against the viewport itself, since on a phone the
 * browser widens its layout viewport (innerWidth) to whatever overflows.
 */
async function expectNoHorizontalScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  const widest = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, window.innerWidth));
  expect(widest).toBeLessThanOrEqual(width);
}

async function toyWithRetailer(page: Page): Promise<{ id: number; slug: string; name: string }> {
  const toys = (await (await page.request.get("/api/toys")).json()) as {
    id: number;
    slug: string;
    name: string;
    amazonUrl: string | null;
  }[];
  const toy = toys.find((t) => t.amazonUrl);
  if (!toy) throw new Error("no toy with a retailer link in the demo catalogue");
  return toy;
}

test("composes a newsletter, previews it as e-mail, test-sends, edits and sends it", async ({ page }) => {
  const tag = uniqueTag("news");
  // someone to send it to
  const subscribed = await page.request.post("/api/quiz-newsletter", {
    data: {
      dogSize: "small",
      dogAge: "puppy",
      chewStyle: "gentle",
      playStyle: "solo",
      toyPurpose: "mental",
      email: `${tag}@example.com`,
      website: "",
    },
  });
  expect(subscribed.status()).toBeLessThan(300);
  const toy = await toyWithRetailer(page);
  await signIn(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Newsletters" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Newsletters");
  await page.getByRole("link", { name: "New Newsletter" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New Newsletter");
  await hydrated(page);
  await expectNoAxeViolations(page);

  // the kit checks the fields before anything is sent
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Subject must be at least 2 characters")).toBeVisible();
  await page.getByRole("textbox", { name: "Subject" }).fill(`Toy news ${tag}`);
  await page
    .getByRole("textbox", { name: "Content" })
    .fill(`## This month\n\nOur favourite for the season:\n\n[[toy:${toy.slug}]]\n\n[[toy:no-such-toy-${tag}]]`);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletters\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Toy news ${tag}`);
  const id = Number(new URL(page.url()).pathname.split("/").pop());

  // the preview: the HTML part in a frame, the text part, and the token left out
  const frame = page.frameLocator(PREVIEW_FRAME);
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText(`Toy news ${tag}`);
  await expect(frame.getByText(toy.name, { exact: true })).toBeVisible();
  await expect(frame.getByRole("link", { name: "View on Amazon" })).toHaveAttribute(
    "href",
    `https://www.pawsomepicks.com/go/${toy.id}?from=email:${id}`,
  );
  await page.getByText("Plain text part").click();
  await expect(page.getByTestId("text-part")).toContainText(
    `https://www.pawsomepicks.com/go/${toy.id}?from=email:${id}`,
  );
  await expect(page.getByRole("alert").filter({ hasText: "Left out of the e-mail" })).toContainText(
    `[[toy:no-such-toy-${tag}]]`,
  );
  await expect(page.getByRole("note")).toContainText("No mail server is configured");
  await hydrated(page);
  await expectNoAxeViolations(page, id);

  // a test copy to the owner waits in the outbox here
  await page.getByRole("button", { name: /^Send a test to / }).click();
  await expect(page.getByRole("status").filter({ hasText: "A test copy to" })).toContainText("stored in the outbox");

  // edit the draft: the preview follows the saved version
  await page.getByRole("textbox", { name: "Subject" }).fill(`Toy news, revised ${tag}`);
  await page.getByRole("button", { name: "Save and preview" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Toy news, revised ${tag}`);
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText(`Toy news, revised ${tag}`);

  // send: asks first, then shows its progress
  await hydrated(page);
  await page.getByRole("button", { name: /^Send to \d+ subscribers?$/ }).click();
  const ask = page.getByRole("alertdialog", { name: "Send newsletter" });
  await expect(ask).toContainText(`Toy news, revised ${tag}`);
  await ask.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Progress" })).toBeVisible();
  await expect(page.getByTestId("count-queued")).not.toHaveText("0");
  await expect(page.getByRole("heading", { level: 2, name: /^Clicks: 0$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save and preview" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // the list of past newsletters shows it with its counts
  await page.getByRole("link", { name: "Back to Newsletters" }).click();
  const row = page.getByTestId("newsletter-row").filter({ hasText: `Toy news, revised ${tag}` });
  await expect(row).toContainText(/Sent|Sending/);
  await expect(row).toContainText("0 clicks");

  // sending again starts nothing new: the API says it is already under way or done
  const again = await page.request.post(`/api/admin/newsletters/${id}/send`);
  expect(again.status()).toBe(202);
});

test("makes a draft from a published post", async ({ page }) => {
  const posts = (await (await page.request.get("/api/posts")).json()) as { id: number; title: string }[];
  const [post] = posts;
  if (!post) throw new Error("no published post in the demo content");
  await signIn(page);
  await page.goto("/admin/newsletters/new");
  await hydrated(page);
  await page.getByRole("button", { name: "Make a draft from this post" }).click();
  await expect(page.getByText("Choose a published post")).toBeVisible();
  await page.getByRole("combobox", { name: "Published post" }).selectOption(String(post.id));
  await page.getByRole("button", { name: "Make a draft from this post" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletters\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
  await expect(page.getByRole("textbox", { name: "Content" })).toHaveValue(/Read it on Pawsome Picks/);
  // a draft can be thrown away
  await hydrated(page);
  await page.getByRole("button", { name: "Delete draft" }).click();
  await page.getByRole("alertdialog", { name: "Delete draft" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletters$/);
});

test("composing and a newsletter's page work on a phone @mobile", async ({ page }) => {
  const tag = uniqueTag("phone");
  await signIn(page);
  await page.goto("/admin/newsletters/new");
  await hydrated(page);
  await expectNoHorizontalScroll(page);
  await page.getByRole("textbox", { name: "Subject" }).fill(`Phone news ${tag}`);
  await page.getByRole("textbox", { name: "Content" }).fill("A short note, written and checked on a phone screen.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Phone news ${tag}`);
  await hydrated(page);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, Number(new URL(page.url()).pathname.split("/").pop()));
  await page.goto("/admin/newsletters");
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
});
