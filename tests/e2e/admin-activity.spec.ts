import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { ADMIN_PASSWORD, signIn } from "./support/admin";
import { hydrated } from "./support/hydration";

// The activity log (issue 19, decision 029): /admin/activity with its filters in the URL (a GET
// form that works before the scripts), paging, times in the reader's locale, links to items
// that still exist, its empty and bad-filter states; the dashboard's Recent Activity panel; 375
// px and axe. Other specs write to the same server meanwhile, so each test works on newsletters
// it creates under a unique subject and never counts the whole log.

test.describe.configure({ timeout: 60_000 });

let counter = 0;
function uniqueTag(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
}

interface NewsletterJson {
  id: number;
  subject: string;
}

/** A draft newsletter through the API, with the signed-in page's session (its creation is an entry). */
async function createNewsletter(page: Page, subject: string): Promise<NewsletterJson> {
  const response = await page.request.post("/api/admin/newsletters", {
    data: { subject, content: "What happened in the admin this week, for the activity log's tests." },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as NewsletterJson;
}

function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

async function expectNoAxeViolations(page: Page) {
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Nothing wider than the screen (on a phone the layout viewport widens to whatever overflows). */
async function expectNoHorizontalScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  const widest = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, window.innerWidth));
  expect(widest).toBeLessThanOrEqual(width);
}

const entries = (page: Page) => page.getByTestId("activity-entry");
const entryOf = (page: Page, text: string) => entries(page).filter({ hasText: text });
const filters = (page: Page) => page.getByRole("search", { name: "Filter activity" });

test("lists the owner's actions with links to items that still exist, filtered through the URL", async ({ page }) => {
  const tag = uniqueTag("activity");
  const errors = recordErrors(page);
  await signIn(page);
  const kept = await createNewsletter(page, `Kept ${tag}`);
  const gone = await createNewsletter(page, `Gone ${tag}`);
  expect((await page.request.delete(`/api/admin/newsletters/${gone.id}`)).status()).toBe(204);

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Activity log" }).click();
  await expect(page).toHaveURL(/\/admin\/activity$/);
  await expect(page).toHaveTitle("Activity log | Pawsome Picks");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Activity log");
  await expect(
    page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Dashboard" }),
  ).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Activity log" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(/^All Entries \(\d/);

  // The filters live in the URL. Other specs write meanwhile (sign-ins, test sends), so every
  // check below looks at a filtered list their entries do not reach.
  await hydrated(page);
  await filters(page).getByLabel("Action").selectOption({ label: "Created" });
  await filters(page).getByLabel("Kind of item").selectOption({ label: "Newsletter" });
  await filters(page).getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]action=create(&|$)/);
  await expect(page).toHaveURL(/[?&]kind=newsletter(&|$)/);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(/^Matching Entries/);
  const created = entryOf(page, `Kept ${tag}`);
  await expect(created).toHaveCount(1);
  await expect(created).toContainText("Created");
  await expect(created.getByRole("link", { name: `Kept ${tag}` })).toHaveAttribute(
    "href",
    `/admin/newsletters/${kept.id}`,
  );
  // the deleted newsletter is named, not linked
  await expect(entryOf(page, `Gone ${tag}`)).toHaveCount(1);
  await expect(entryOf(page, `Gone ${tag}`).getByRole("link")).toHaveCount(0);
  for (const text of await entries(page).allInnerTexts()) expect(text).toContain("Created");

  // the time in this browser's own format
  const time = created.locator("time");
  const iso = (await time.getAttribute("datetime")) ?? "";
  const local = await page.evaluate(
    (at) => new Date(at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }),
    iso,
  );
  await expect(time).toHaveText(local);

  await filters(page).getByLabel("Action").selectOption({ label: "Deleted" });
  await filters(page).getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]action=delete(&|$)/);
  await expect(entryOf(page, `Gone ${tag}`)).toHaveCount(1);
  await expect(entryOf(page, `Gone ${tag}`)).toContainText("Deleted");
  await expect(entryOf(page, `Kept ${tag}`)).toHaveCount(0);

  // a day range with nothing in it: the empty state, and the way back
  await filters(page).getByLabel("From").fill("2001-01-01");
  await filters(page).getByLabel("Until").fill("2001-01-02");
  await filters(page).getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]from=2001-01-01&to=2001-01-02/);
  await expect(page.getByRole("heading", { name: "No entries match these filters" })).toBeVisible();
  await page.getByRole("link", { name: "Show everything" }).click();
  await expect(page).toHaveURL(/\/admin\/activity$/);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(/^All Entries/);
  expect(errors).toEqual([]);
});

test("filters with a plain GET form before the scripts run", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await context.newPage();
    const login = await page.request.post("/api/admin/login", { data: { password: ADMIN_PASSWORD } });
    expect(login.status()).toBe(200);
    const tag = uniqueTag("nojs");
    await createNewsletter(page, `Before scripts ${tag}`);
    await page.goto("/admin/activity");
    await filters(page).getByLabel("Action").selectOption("create");
    await filters(page).getByLabel("Kind of item").selectOption("newsletter");
    await filters(page).getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]action=create&kind=newsletter/);
    await expect(entryOf(page, `Before scripts ${tag}`)).toHaveCount(1);
    // the server's own rendering of the time, in UTC, until the browser can show its own
    await expect(entryOf(page, `Before scripts ${tag}`).locator("time")).toHaveText(/UTC$/);
  } finally {
    await context.close();
  }
});

test("pages through the log, keeping the filters", async ({ page }) => {
  await signIn(page);
  // a page and one more of test copies (the only spec that sends so many)
  const newsletter = await createNewsletter(page, `Paged ${uniqueTag("paged")}`);
  for (let batch = 0; batch < 3; batch++) {
    await Promise.all(
      Array.from({ length: 17 }, async () => {
        const response = await page.request.post(`/api/admin/newsletters/${newsletter.id}/test`);
        // 202: no mail server in these tests, the copy waits in the outbox (still a send)
        expect(response.status(), await response.text()).toBe(202);
      }),
    );
  }
  await page.goto("/admin/activity?action=send&kind=newsletter");
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination).toContainText(/Page 1 of [2-9]/);
  await expect(entries(page)).toHaveCount(50);
  await pagination.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page).toHaveURL(/[?&]action=send/);
  await expect(page).toHaveURL(/[?&]kind=newsletter/);
  await expect(pagination).toContainText(/Page 2 of/);
  await expect(entries(page).first()).toBeVisible();
  for (const text of await entries(page).allInnerTexts()) expect(text).toContain("Sent");
  await expect(pagination.getByRole("link", { name: "Previous" })).toBeVisible();
});

test("says which filter it could not read, and shows everything instead", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/activity?from=2026-02-30");
  await expect(page.getByRole("alert")).toHaveText("from must be a day (yyyy-mm-dd). Showing everything instead.");
  await expect(entries(page).first()).toBeVisible();
});

test("the log and the dashboard's Recent Activity at 375 px, axe clean @mobile", async ({ page }) => {
  const tag = uniqueTag("panel");
  const errors = recordErrors(page);
  await signIn(page);
  const newsletter = await createNewsletter(page, `Panel ${tag} with a rather long subject that must wrap on a phone`);

  await page.goto("/admin/dashboard");
  // the latest entries, whoever made them (other specs write meanwhile)
  const panel = page.getByRole("region", { name: "Recent Activity", exact: true });
  const latest = panel.getByTestId("activity-entry");
  await expect(latest.first()).toBeVisible();
  expect(await latest.count()).toBeLessThanOrEqual(8);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);

  await hydrated(page);
  await panel.getByRole("link", { name: "View all activity" }).click();
  await expect(page).toHaveURL(/\/admin\/activity$/);
  await expect(entries(page).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);

  await page.goto("/admin/activity?action=create&kind=newsletter");
  await expect(entryOf(page, `Panel ${tag}`).getByRole("link")).toHaveAttribute(
    "href",
    `/admin/newsletters/${newsletter.id}`,
  );
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);

  await page.goto("/admin/activity?from=2001-01-01&to=2001-01-01");
  await expect(page.getByRole("heading", { name: "No entries match these filters" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});
