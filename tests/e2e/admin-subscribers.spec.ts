import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { hydrated } from "./support/hydration";

// Subscribers and data requests (issue 19): the list with consent, filters and the CSV export
// (with a byte order mark), unsubscribing and deleting one after a confirmation; a visitor's
// data as a JSON download, and its erasure, confirmed by a tick and recorded by hash only.
// Specs share the server: each test works on addresses it creates under a unique tag.

test.describe.configure({ timeout: 60_000 });

const ANSWERS = {
  dogSize: "medium",
  dogAge: "adult",
  chewStyle: "moderate",
  playStyle: "both",
  toyPurpose: "physical",
};

let counter = 0;
function uniqueTag(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
}

async function subscribe(request: APIRequestContext, email: string) {
  const response = await request.post("/api/quiz-newsletter", { data: { ...ANSWERS, email, website: "" } });
  expect(response.status(), await response.text()).toBeLessThan(300);
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

const rows = (page: Page) => page.getByTestId("subscriber-row");

test("lists subscribers with consent, filters them, unsubscribes and deletes one, exports CSV", async ({ page }) => {
  const tag = uniqueTag("subs");
  const addresses = [`${tag}-a@example.com`, `${tag}-b@example.com`, `${tag}-c@example.com`];
  for (const address of addresses) await subscribe(page.request, address);
  await signIn(page);

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Subscribers" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Subscribers");
  await hydrated(page);
  await page.getByRole("searchbox", { name: "Search by address" }).fill(tag);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText("Matching Subscribers (3)");
  const newest = rows(page).first();
  await expect(newest).toContainText(addresses[2] ?? "");
  await expect(newest).toContainText("Subscribed");
  await expect(newest).toContainText("quiz");
  await expect(newest).toContainText("Given");
  await expectNoAxeViolations(page);

  // unsubscribe asks first
  await hydrated(page);
  await newest.getByRole("button", { name: "Unsubscribe" }).click();
  const ask = page.getByRole("alertdialog", { name: "Unsubscribe address" });
  await expect(ask).toContainText(addresses[2] ?? "");
  await ask.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${addresses[2]} is unsubscribed.` })).toBeVisible();
  await expect(rows(page).first()).toContainText("Unsubscribed");
  await expect(rows(page).first().getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);

  // the status filter
  await page.getByRole("combobox", { name: "Status" }).selectOption("unsubscribed");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/status=unsubscribed/);

  // the export carries the filters, starts with a byte order mark and has the row
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("subscribers.csv");
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").split("\r\n");
  expect(lines[0]).toBe("Email,Status,Source,Consent Text,Consented At,Signed Up,Unsubscribed At,Bounced At");
  expect(lines.filter(Boolean)).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^${addresses[2]},Unsubscribed,quiz,`));

  // delete one for good
  await page.goto(`/admin/subscribers?search=${tag}`);
  await hydrated(page);
  await rows(page)
    .last()
    .getByRole("button", { name: `Delete ${addresses[0]}` })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Delete subscriber" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The subscriber was deleted." })).toBeVisible();
  await expect(rows(page)).toHaveCount(2);

  // nothing matches: said, with a way back
  await page.goto(`/admin/subscribers?search=${tag}-zzz`);
  await expect(page.getByRole("heading", { name: "No subscribers match these filters" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Show everyone" })).toBeVisible();
});

test("gives a visitor their data as JSON and erases it, keeping only a hash", async ({ page }) => {
  const tag = uniqueTag("rights");
  const email = `${tag}@example.com`;
  await subscribe(page.request, email);
  const contact = await page.request.post("/api/contact", {
    data: {
      name: "Dana Rights",
      email,
      subject: "My data, please",
      message: "What do you hold about me?",
      website: "",
    },
  });
  expect(contact.status()).toBeLessThan(300);
  await signIn(page);
  await page.goto("/admin/subscribers");
  await page.getByRole("link", { name: "Data requests" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Data Requests");
  await hydrated(page);
  await page.getByRole("textbox", { name: "E-mail address" }).fill(email.toUpperCase());
  await page.getByRole("button", { name: "Look up" }).click();
  const held = page.getByRole("region", {
    name: `What the site holds about ${email.toUpperCase().replace(/@EXAMPLE\.COM$/, "@example.com")}`,
  });
  await expect(held).toBeVisible();
  await expect(held.getByRole("definition").first()).toHaveText("1");
  // the newsletter consent, as it was given (issue 26)
  const history = held.getByRole("list", { name: "Consent history" }).getByRole("listitem");
  await expect(history).toHaveCount(1);
  await expect(history).toContainText("Subscribed");
  await expect(history).toContainText("Dog Toy Matchmaker Quiz");
  await expect(history).toContainText("you'll automatically be subscribed to the Pawsome Picks newsletter");
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download JSON" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("personal-data.json");
  const data = JSON.parse(await readFile(await download.path(), "utf8")) as {
    quizSubmissions: { email: string }[];
    subscriber: { email: string; consentText: string; consentHistory: { action: string }[] } | null;
    contactMessages: { subject: string }[];
    outboxMessages: { kind: string }[];
  };
  expect(data.quizSubmissions.map((s) => s.email)).toEqual([email]);
  expect(data.subscriber?.consentText).toBeTruthy();
  expect(data.subscriber?.consentHistory.map((event) => event.action)).toEqual(["subscribed"]);
  expect(data.contactMessages.map((m) => m.subject)).toEqual(["My data, please"]);
  expect(data.outboxMessages.map((m) => m.kind).sort()).toEqual(["contact-notification", "quiz-results"]);

  // the erasure needs the tick
  await hydrated(page);
  await page.getByRole("button", { name: "Erase everything" }).click();
  await expect(page.getByText("Tick the box to confirm that everything about this address is erased")).toBeVisible();
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Erase everything" }).click();
  const erased = page.getByRole("region", { name: "Erased" });
  await expect(erased).toBeVisible();
  await expect(erased.getByRole("status")).toContainText(/[0-9a-f]{64}/);
  await expect(erased.getByRole("status")).toContainText("keyed with the site's secret");
  await expect(erased).not.toContainText(tag);
  await expect(page.getByTestId("erasure-row").first()).toBeVisible();

  // looked up again: nothing held, the erasure on record
  await page.goto(`/admin/data-rights?email=${encodeURIComponent(email)}`);
  await expect(page.getByText("The site holds nothing about this address.")).toBeVisible();
  await expect(page.getByText(/^Erased before: \d{4}-\d{2}-\d{2}/)).toBeVisible();
  const listed = await page.request.get(`/api/admin/subscribers?search=${tag}`);
  expect(await listed.json()).toEqual([]);
});

test("a long address reads whole at 1280 px; on a phone the table says it scrolls sideways @mobile", async ({
  page,
}) => {
  const tag = uniqueTag("long");
  // a real address of 60-odd characters: hyphens and dots, the kind a squeezed column broke up
  const address = `${tag}-a-very-long-address.for-a-dog-owner@example-kennel-club.co.uk`;
  await subscribe(page.request, address);
  await signIn(page);
  await page.goto(`/admin/subscribers?search=${tag}`);
  await hydrated(page);
  await expect(rows(page)).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  const cell = rows(page).first().getByRole("cell").first();
  await expect(cell).toHaveText(address);
  // each half of the address on one line: it may wrap after the "@", nowhere else
  const lines = await cell.evaluate((td) =>
    [...td.querySelectorAll("span")].map((part) => part.getClientRects().length),
  );
  expect(lines).toEqual([1, 1]);
  if ((page.viewportSize()?.width ?? 0) < 1024) {
    await expect(page.getByText("Scroll sideways to see every column")).toBeVisible();
    await expect(page.getByTestId("more-columns-shade")).toBeVisible();
    const scroller = page.getByRole("region", { name: "Subscribers", exact: true });
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(page.getByTestId("more-columns-shade")).toHaveCount(0);
  }
});

test("the subscribers list and data requests work on a phone @mobile", async ({ page }) => {
  const tag = uniqueTag("phone");
  await subscribe(page.request, `${tag}@example.com`);
  await signIn(page);
  await page.goto(`/admin/subscribers?search=${tag}`);
  await hydrated(page);
  await expect(rows(page)).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  // the table scrolls sideways inside its card, not the page
  const scroller = page.getByRole("region", { name: "Subscribers", exact: true });
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(page.getByRole("columnheader", { name: "Actions" })).toBeInViewport();
  await expectNoAxeViolations(page);
  await page.goto(`/admin/data-rights?email=${tag}%40example.com`);
  await hydrated(page);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
});
