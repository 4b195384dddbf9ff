import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { hydrated } from "./support/hydration";

// Newsletters (issue 19): compose with the posts' product tokens, see it as the e-mail will look
// (HTML and text), test-send it to the owner, edit the draft, send it after a confirmation and
// watch its progress; or start from a published post. This server has no mail server, so
// messages wait in the outbox: the page says so, and the counts show them queued. Issue 26: the
// "Insert product" picker, the preview text, and a send refused until a product token resolves
// and the owner has saved a postal address in Settings (this server's configuration has none).

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
  // the longest walk of the admin: compose, refusals, settings and the send
  test.setTimeout(120_000);
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
  // no postal address yet (a retry finds the one an earlier try saved)
  expect((await page.request.put("/api/admin/settings", { data: { postalAddress: null } })).status()).toBe(200);
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("note", { name: "Newsletters cannot be sent yet" })).toContainText("CAN-SPAM");
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
  await page.getByRole("textbox", { name: /^Preview text/ }).fill(`Our pick of the season ${tag}`);
  const content = page.getByRole("textbox", { name: "Content" });
  await content.fill("## This month\n\nOur favourite for the season:");
  // the picker puts the token at the caret, and the writing goes on right after it
  await page.getByRole("button", { name: "Insert product" }).click();
  const picker = page.getByRole("dialog", { name: "Insert product" });
  await picker.getByRole("combobox", { name: "Find a toy" }).fill(toy.name);
  await picker.getByRole("option", { name: new RegExp(toy.name) }).click();
  await picker.getByRole("button", { name: "Insert buy box" }).click();
  await expect(picker).toBeHidden();
  await expect(content).toBeFocused();
  await page.keyboard.type(`\n[[toy:no-such-toy-${tag}]]`);
  await expect(content).toHaveValue(
    `## This month\n\nOur favourite for the season:\n\n[[toy:${toy.slug}]]\n\n[[toy:no-such-toy-${tag}]]`,
  );
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
  await expect(page.getByText("A product token does not resolve: sending is refused")).toBeVisible();
  await expect(page.getByTestId("preheader")).toHaveText(`Our pick of the season ${tag}`);
  await expect(page.getByRole("note").filter({ hasText: "No mail server is configured" })).toBeVisible();
  await expect(page.getByRole("note", { name: "Newsletters cannot be sent yet" })).toBeVisible();
  await hydrated(page);
  await expectNoAxeViolations(page, id);

  // a test copy to the owner waits in the outbox here
  await page.getByRole("button", { name: /^Send a test to / }).click();
  await expect(page.getByRole("status").filter({ hasText: "A test copy to" })).toContainText("stored in the outbox");

  // sending is refused while a token does not resolve
  await hydrated(page);
  await page.getByRole("button", { name: /^Send to \d+ subscribers?$/ }).click();
  await page.getByRole("alertdialog", { name: "Send newsletter" }).getByRole("button", { name: "Send now" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "cannot be sent yet" })).toBeVisible();

  // edit the draft: the preview follows the saved version
  await page.getByRole("textbox", { name: "Subject" }).fill(`Toy news, revised ${tag}`);
  await content.fill(`## This month\n\nOur favourite for the season:\n\n[[toy:${toy.slug}]]`);
  await page.getByRole("button", { name: "Save and preview" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Toy news, revised ${tag}`);
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText(`Toy news, revised ${tag}`);
  await expect(page.getByRole("alert").filter({ hasText: "Left out of the e-mail" })).toHaveCount(0);

  // without a postal address the send is refused, saying where to add one
  await hydrated(page);
  await page.getByRole("button", { name: /^Send to \d+ subscribers?$/ }).click();
  await page.getByRole("alertdialog", { name: "Send newsletter" }).getByRole("button", { name: "Send now" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "cannot be sent yet" })).toContainText(
    "requires your postal address",
  );
  await page.getByRole("link", { name: "Add your postal address" }).click();
  await expect(page).toHaveURL(/\/admin\/settings#postal-address$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
  await page
    .getByRole("textbox", { name: "Your postal address" })
    .fill("Pawsome Picks LLC\n9 Kennel Road\nDogtown, TX 75001");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();

  // back at the draft: the e-mail ends with the address, and the send goes
  await page.goto(`/admin/newsletters/${id}`);
  await expect(page.getByRole("note", { name: "Newsletters cannot be sent yet" })).toHaveCount(0);
  await expect(frame.getByText("9 Kennel Road")).toBeAttached();
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

  // the dashboard no longer asks for the address
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("note", { name: "Amazon clicks earn you nothing yet" })).toBeVisible();
  await expect(page.getByRole("note", { name: "Newsletters cannot be sent yet" })).toHaveCount(0);
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
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
});
