import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { hydrated } from "./support/hydration";

// The owner's inbox (issue 19): contact messages newest first with unread ones marked and
// counted in the navigation, read in full, marked unread, archived, deleted to the trash with
// an undo, searched; replying offers the owner's mail program (this server has no mail server,
// so the reply from the site says why it is not offered). Specs share the server: each test
// works on messages it sends under a unique tag.

test.describe.configure({ timeout: 60_000 });

let counter = 0;
function uniqueTag(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
}

async function sendMessage(request: APIRequestContext, name: string, subject: string, message: string) {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.com`;
  const response = await request.post("/api/contact", { data: { name, email, subject, message, website: "" } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return email;
}

async function expectNoAxeViolations(page: Page) {
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
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

const rows = (page: Page) => page.getByTestId("message-row");

test("lists messages newest first, opens one, marks it unread, archives and deletes it with undo", async ({ page }) => {
  const tag = uniqueTag("inbox");
  await sendMessage(page.request, `Ada ${tag}`, `First question ${tag}`, "Which chew toy lasts longest?");
  const secondEmail = await sendMessage(
    page.request,
    `Bob ${tag}`,
    `Second question ${tag}`,
    "Do you ship the rope toy abroad?\nThanks a lot.",
  );
  await signIn(page);

  // the navigation counts unread messages
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link", { name: /^Messages \d+ unread$/ })).toBeVisible();

  await page.goto(`/admin/messages?search=${tag}`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Messages");
  await expect(page.getByRole("heading", { level: 2, name: "Inbox (2)" })).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).first()).toContainText(`Bob ${tag}`);
  await expect(rows(page).first()).toHaveAttribute("data-unread", "true");
  await expect(rows(page).first()).toContainText("Unread:");
  await expectNoAxeViolations(page);

  // opening it reads it
  await rows(page).first().getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Second question ${tag}`);
  await expect(page.getByText("Do you ship the rope toy abroad?")).toBeVisible();
  await expect(page.getByRole("link", { name: secondEmail })).toHaveAttribute("href", `mailto:${secondEmail}`);
  await expect(page.getByText("Not sent yet: waiting in the outbox for the mail server")).toBeVisible();
  await expect(page.getByRole("link", { name: "Reply by e-mail" }).first()).toHaveAttribute(
    "href",
    `mailto:${secondEmail}?subject=${encodeURIComponent(`Re: Second question ${tag}`)}`,
  );
  await expect(page.getByText(/No mail server is configured/)).toBeVisible();
  await hydrated(page);
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Back to Messages" }).click();
  await page.getByRole("searchbox", { name: "Search messages" }).fill(tag);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(rows(page).first()).not.toHaveAttribute("data-unread", "true");
  await expect(rows(page).nth(1)).toHaveAttribute("data-unread", "true");

  // mark it unread again: back in the list, unread
  await rows(page).first().getByRole("link").click();
  await page.getByRole("button", { name: "Mark as unread" }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await page.goto(`/admin/messages?search=${tag}`);
  await expect(rows(page).first()).toHaveAttribute("data-unread", "true");

  // archive: it leaves the inbox and shows under Archived
  await rows(page).first().getByRole("link").click();
  await hydrated(page);
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await page.goto(`/admin/messages?search=${tag}`);
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole("navigation", { name: "Message views" }).getByRole("link", { name: "Archived" }).click();
  await expect(page).toHaveURL(/view=archived/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Archived");

  // delete asks first, goes to the trash, and can be undone
  await rows(page).first().getByRole("link").click();
  await hydrated(page);
  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete message" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/messages\?deleted=\d+$/);
  await expect(page.getByRole("status").filter({ hasText: "moved to the trash" })).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Second question ${tag}`);
  await expect(page.getByRole("button", { name: "Move to inbox" })).toBeVisible();
});

test("says when a search finds nothing, and when a view is empty", async ({ page }) => {
  await signIn(page);
  const tag = uniqueTag("nomatch");
  await page.goto(`/admin/messages?search=${tag}`);
  await expect(page.getByText(`No messages match "${tag}"`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Show all messages" })).toHaveAttribute("href", "/admin/messages");
  await page.goto("/admin/messages/999999");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Message Not Found");
  await expect(page.getByRole("link", { name: "Back to Messages" })).toBeVisible();
});

test("the inbox and a message work on a phone @mobile", async ({ page }) => {
  const tag = uniqueTag("phone");
  await sendMessage(
    page.request,
    `Carla ${tag}`,
    `A rather long subject line about a very particular toy ${tag}`,
    "A message long enough to wrap over several lines on a narrow phone screen, without pushing the page sideways at all.",
  );
  await signIn(page);
  await page.goto(`/admin/messages?search=${tag}`);
  await hydrated(page);
  await expect(rows(page)).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  await rows(page).first().getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(tag);
  await hydrated(page);
  await expectNoHorizontalScroll(page);
  await page.getByRole("button", { name: "Archive" }).scrollIntoViewIfNeeded();
  await expect(page.getByRole("button", { name: "Archive" })).toBeInViewport();
  await expectNoAxeViolations(page);
});
