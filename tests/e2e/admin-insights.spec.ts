import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { hydrated } from "./support/hydration";

// Owner insights (issue #7; spec/quiz-and-admin.md §2 "Admin dashboard" and "Admin quiz
// submissions", §3, §9): the dashboard's numbers, the quiz submissions table with search, paging
// and the CSV export, and page view counting. Specs run in parallel against one database, so
// each test works on submissions it creates under unique e-mail addresses, and comparisons with
// numbers other tests may change meanwhile are retried (toPass) rather than assumed stable.

const ANSWERS = { dogSize: "large", dogAge: "senior", chewStyle: "gentle", playStyle: "solo", toyPurpose: "mental" };
const ANSWER_VALUES = Object.values(ANSWERS);
const CSV_HEADER = "Date,Email,Dog Size,Dog Age,Chew Style,Play Style,Toy Purpose,Email Consent";
// Sign-in hashes a password (argon2id) and pages load on a shared, busy machine: room to spare.
test.describe.configure({ timeout: 60_000 });

const COLUMNS = [
  "Date",
  "Email",
  "Dog Size",
  "Dog Age",
  "Chew Style",
  "Play Style",
  "Toy Purpose",
  "Consent",
  "Actions",
];

interface DashboardJson {
  counts: { posts: number; products: number; breeds: number; categories: number; subscribers: number };
  quizSubmissions: { count: number; latest: { createdAt: string; email: string } | null };
  visits: { date: string; visits: number; pageViews: number; uniqueVisitors: number }[];
  topToys: { toyId: number; name: string; clicks: number }[];
  clicks: { byCountry: { country: string | null; clicks: number }[] };
}

interface SubmissionJson {
  createdAt: string;
  email: string;
}

let counter = 0;
/** An address no other test (or earlier run on this database) uses. */
function uniqueTag(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
}

/** Takes the quiz through its API, as the quiz page does (e-mail step included). */
async function submitQuiz(request: APIRequestContext, email: string) {
  const response = await request.post("/api/quiz-newsletter", { data: { ...ANSWERS, email, website: "" } });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** GET /api/admin/dashboard with the signed-in page's session. */
async function dashboardJson(page: Page): Promise<DashboardJson> {
  const response = await page.request.get("/api/admin/dashboard");
  expect(response.status()).toBe(200);
  return (await response.json()) as DashboardJson;
}

async function submissionsJson(page: Page, search: string): Promise<SubmissionJson[]> {
  const response = await page.request.get(`/api/admin/quiz-submissions?search=${encodeURIComponent(search)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as SubmissionJson[];
}

const formatCount = (n: number) => new Intl.NumberFormat("en-US").format(n);

const statCard = (page: Page, label: string) => page.getByRole("article", { name: label, exact: true });
const panel = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });
const submissionRows = (page: Page) => page.getByTestId("submission-row");
const allSubmissionsHeading = (page: Page) => page.getByRole("heading", { level: 2, name: /^All Submissions/ });
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search by email" });

/** Console errors and uncaught exceptions (hydration mismatches and CSP violations show up here). */
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

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("admin dashboard", () => {
  test("shows the counts, the newest quiz submission, the quick actions and the recent activity", async ({ page }) => {
    const email = `${uniqueTag("dashboard")}@example.com`;
    await submitQuiz(page.request, email);
    const errors = recordErrors(page);
    await signIn(page);

    await expect(page).toHaveTitle("Admin Dashboard | Pawsome Picks");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Dashboard");

    const cards = [
      ["Posts", "posts"],
      ["Products", "products"],
      ["Breeds", "breeds"],
      ["Categories", "categories"],
      ["Subscribers", "subscribers"],
    ] as const;
    // Other specs add posts, products and submissions while this runs: compare a fresh page with
    // a fresh API reading until both are taken between two changes.
    let api: DashboardJson | undefined;
    await expect(async () => {
      await page.reload();
      api = await dashboardJson(page);
      for (const [label, key] of cards) {
        await expect(statCard(page, label).getByTestId("dashboard-count"), label).toHaveText(
          formatCount(api.counts[key]),
          { timeout: 1_000 },
        );
      }
      const quiz = panel(page, "Quiz Submissions");
      await expect(quiz.getByTestId("dashboard-count")).toHaveText(formatCount(api.quizSubmissions.count), {
        timeout: 1_000,
      });
      expect(api.quizSubmissions.latest?.email).toBe(email);
      await expect(quiz.getByTestId("latest-submission-email")).toHaveText(email, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    expect(api?.counts.products).toBeGreaterThan(0);

    // The latest submission's date in this browser's own format.
    await hydrated(page);
    const latestIso = api?.quizSubmissions.latest?.createdAt ?? "";
    const localDate = await page.evaluate((iso) => new Date(iso).toLocaleDateString(), latestIso);
    await expect(panel(page, "Quiz Submissions").getByTestId("latest-submission-date")).toHaveText(localDate);

    await expect(page.getByRole("link", { name: "View All Submissions" })).toHaveAttribute(
      "href",
      "/admin/quiz-submissions",
    );
    await expect(statCard(page, "Posts").getByRole("link", { name: "Manage Posts" })).toHaveAttribute(
      "href",
      "/admin/posts",
    );
    await expect(statCard(page, "Products").getByRole("link", { name: "Manage Products" })).toHaveAttribute(
      "href",
      "/admin/products",
    );
    await expect(statCard(page, "Breeds").getByRole("link", { name: "Manage Breeds" })).toHaveAttribute(
      "href",
      "/admin/breeds",
    );
    await expect(statCard(page, "Categories").getByRole("link", { name: "Manage Categories" })).toHaveAttribute(
      "href",
      "/admin/categories",
    );
    await expect(page.getByRole("link", { name: "Create New Post" })).toHaveAttribute("href", "/admin/posts/new");
    await expect(page.getByRole("link", { name: "Add New Product" })).toHaveAttribute("href", "/admin/products/new");
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(1);

    // the latest audit log entries (at least this sign-in; other specs add theirs), the whole log a link away
    const activity = panel(page, "Recent Activity");
    await expect(activity).toBeVisible();
    await expect(activity.getByTestId("activity-entry").first()).toBeVisible();
    await expect(activity.getByRole("link", { name: "View all activity" })).toHaveAttribute("href", "/admin/activity");

    await page.getByRole("link", { name: "View All Submissions" }).click();
    await expect(page).toHaveURL(/\/admin\/quiz-submissions$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quiz Submissions");
    expect(errors).toEqual([]);
  });

  test("says Amazon clicks earn nothing while no associate tag is set, there and on the products list", async ({
    page,
  }) => {
    await signIn(page);
    const notice = page.getByRole("note", { name: "Amazon clicks earn you nothing yet" });
    await expect(notice).toContainText("Add your tag (like yourname-20) under Amazon Associates in the settings");
    await notice.getByRole("link", { name: "Add your associate tag" }).click();
    await expect(page).toHaveURL(/\/admin\/settings#amazon-associates$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
    const associates = page.getByRole("region", { name: "Amazon Associates" });
    await expect(associates).toContainText("No Amazon Associates tag is set");
    await expect(associates.getByRole("textbox", { name: "Your tag on www.amazon.com" })).toBeVisible();
    await page.goto("/admin/products");
    await expect(page.getByRole("note", { name: "Amazon clicks earn you nothing yet" })).toBeVisible();
  });

  test("charts the last 30 days of visits and page views, with a legend and the numbers as a table", async ({
    page,
  }) => {
    await signIn(page);
    const visits = panel(page, "Visits and Page Views");
    const figure = visits.getByRole("figure");
    await expect(figure).toContainText("Last 30 days:");
    await expect(visits.getByRole("list", { name: "Legend" }).getByRole("listitem")).toHaveText([
      "Page views",
      "Visits",
    ]);
    // One of the two drawings (wide, narrow) shows, with its axis titles.
    const chart = figure.locator("svg:visible").filter({ hasText: "Day (UTC)" });
    await expect(chart).toHaveCount(1);
    await expect(chart).toContainText("Count per day");

    await visits.getByText("Show the daily numbers").click();
    const table = visits.getByRole("table", { name: /per day/ });
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader")).toHaveText(["Day (UTC)", "Visits", "Page views", "Unique visitors"]);
    await expect(table.locator("tbody tr")).toHaveCount(30);
    // The newest day comes first, with the same numbers as the API (unless a visit lands in between).
    await expect(async () => {
      const [today] = (await dashboardJson(page)).visits.slice(-1);
      const firstRow = table.locator("tbody tr").first();
      await expect(firstRow.locator("time")).toHaveAttribute("datetime", today?.date ?? "", { timeout: 1_000 });
      await expect(firstRow.getByRole("cell")).toHaveText(
        [
          formatCount(today?.visits ?? -1),
          formatCount(today?.pageViews ?? -1),
          formatCount(today?.uniqueVisitors ?? -1),
        ],
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 20_000 });
  });

  test("lists the toys with the most affiliate clicks of the last 30 days", async ({ page, request }) => {
    const toys = (await (await request.get("/api/toys")).json()) as { id: number; name: string; amazonUrl: string }[];
    const clicked = toys.filter((t) => t.amazonUrl).slice(0, 3);
    expect(clicked, "the seed has toys with an Amazon link").toHaveLength(3);
    // An anonymous click on each one's 'View on Amazon' link (one client's repeats count once).
    for (const toy of clicked) {
      const response = await request.get(`/go/${toy.id}?from=products`, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
    }

    await signIn(page);
    const list = panel(page, "Top Toys by Affiliate Clicks");
    await expect(async () => {
      await page.reload();
      const { topToys } = await dashboardJson(page);
      for (const toy of clicked) expect(topToys.find((t) => t.toyId === toy.id)?.clicks).toBeGreaterThanOrEqual(1);
      await expect(list.getByTestId("top-toy")).toHaveText(
        topToys.map((t, i) => `${i + 1}.${t.name}${formatCount(t.clicks)} ${t.clicks === 1 ? "click" : "clicks"}`),
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 30_000 });
    const first = clicked[0];
    await expect(list.getByRole("link", { name: first?.name })).toHaveAttribute("href", `/admin/products/${first?.id}`);
  });

  test("counts the clicks by the visitor's country, by name", async ({ page, request }) => {
    const toys = (await (await request.get("/api/toys")).json()) as { id: number; amazonUrl: string }[];
    // not one of the toys the test above clicks: one client's repeated click on a toy counts once
    const toy = toys.filter((t) => t.amazonUrl)[3];
    expect(toy, "the seed has a fourth toy with an Amazon link").toBeDefined();
    // no proxy in front of this server: the country is the region of the preferred language
    const response = await request.get(`/go/${toy?.id}?from=products`, {
      maxRedirects: 0,
      headers: { "accept-language": "en-GB,en;q=0.9" },
    });
    expect(response.status()).toBe(302);

    await signIn(page);
    const list = panel(page, "Clicks by Country");
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    await expect(async () => {
      await page.reload();
      const { clicks } = await dashboardJson(page);
      expect(clicks.byCountry.find((row) => row.country === "GB")?.clicks).toBeGreaterThanOrEqual(1);
      await expect(list.getByTestId("country-clicks")).toHaveText(
        clicks.byCountry.map(
          (row) =>
            `${row.country ? names.of(row.country) : "Unknown"}${formatCount(row.clicks)} ${row.clicks === 1 ? "click" : "clicks"}`,
        ),
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 30_000 });
    await expect(list.getByText("United Kingdom", { exact: true })).toBeVisible();
  });

  test("three public pages seen by an anonymous visitor raise today's page views by three", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    await signIn(page);
    const todaysPageViews = async () => (await dashboardJson(page)).visits.at(-1)?.pageViews ?? -1;

    // Page views are counted site-wide, and other specs may load public pages at the same time:
    // retried until one round sees only its own three.
    await expect(async () => {
      const before = await todaysPageViews();
      // A separate, anonymous browser: the signed-in admin's own page views are not counted.
      const visitor = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
      try {
        const visitorPage = await visitor.newPage();
        for (const path of ["/", "/products", "/contact"]) {
          const tracked = visitorPage.waitForResponse(
            (r) => r.url().endsWith("/api/track-pageview") && r.request().method() === "POST",
          );
          await visitorPage.goto(path, { waitUntil: "domcontentloaded" });
          expect((await tracked).status(), path).toBe(204);
        }
      } finally {
        await visitor.close();
      }
      expect(await todaysPageViews()).toBe(before + 3);
    }).toPass({ timeout: 60_000 });

    // The admin's own visits to public pages count nothing.
    await expect(async () => {
      const before = await todaysPageViews();
      const tracked = page.waitForResponse((r) => r.url().endsWith("/api/track-pageview"));
      await page.goto("/products");
      expect((await tracked).status()).toBe(204);
      expect(await todaysPageViews()).toBe(before);
    }).toPass({ timeout: 30_000 });
  });
});

test.describe("quiz submissions in the browser's locale and time zone", () => {
  // Not the server's en-US/UTC: the table and the CSV must follow this browser.
  test.use({ locale: "en-GB", timezoneId: "Pacific/Auckland" });
  const localDate = (iso: string) =>
    new Intl.DateTimeFormat("en-GB", { timeZone: "Pacific/Auckland" }).format(new Date(iso));

  test("the table lists a new submission and 'Export CSV' downloads the same rows", async ({ page }) => {
    const email = `${uniqueTag("csv")}@example.com`;
    await submitQuiz(page.request, email);
    const errors = recordErrors(page);
    await signIn(page);
    await page.goto("/admin/quiz-submissions");
    await hydrated(page);

    await expect(page).toHaveTitle("Quiz Submissions | Pawsome Picks");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quiz Submissions");
    await expect(page.getByText("View all quiz data submitted by customers", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/admin");
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/admin/quiz-submissions.csv?locale=en-GB&timeZone=Pacific%2FAuckland",
    );
    await expect(page.getByRole("columnheader")).toHaveText(COLUMNS);

    // The new submission, by its e-mail (others may push it down the first page meanwhile).
    const [stored] = await submissionsJson(page, email);
    expect(stored?.email).toBe(email);
    await page.goto(`/admin/quiz-submissions?search=${encodeURIComponent(email)}`);
    await hydrated(page);
    await expect(allSubmissionsHeading(page)).toHaveText("All Submissions (1)");
    await expect(submissionRows(page)).toHaveCount(1);
    await expect(submissionRows(page).getByRole("cell")).toHaveText([
      localDate(stored?.createdAt ?? ""),
      email,
      ...ANSWER_VALUES,
      "Yes",
      // the row's Delete button (its confirmation dialog is in the cell too, closed)
      /^Delete/,
    ]);

    // the count in the heading is the total (retried: other tests add submissions meanwhile)
    await expect(async () => {
      await page.goto("/admin/quiz-submissions");
      await hydrated(page);
      const total = (await page.request.get("/api/admin/quiz-submissions")).headers()["x-total-count"];
      await expect(allSubmissionsHeading(page)).toHaveText(`All Submissions (${formatCount(Number(total))})`, {
        timeout: 1_000,
      });
    }).toPass({ timeout: 30_000 });

    // The file's first row is the table's first row (retried if a submission lands in between).
    let csv = "";
    await expect(async () => {
      await page.reload();
      await hydrated(page);
      // the spec's eight columns (the last one holds the row's Delete button, issue 19)
      const firstRow = (await submissionRows(page).first().getByRole("cell").allInnerTexts())
        .map((t) => t.trim())
        .slice(0, 8);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Export CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("quiz_submissions.csv");
      csv = await readFile(await download.path(), "utf8");
      const lines = csv.split("\r\n");
      expect(lines[0]).toBe(CSV_HEADER);
      expect(lines[1]?.split(",")).toEqual(firstRow);
    }).toPass({ timeout: 30_000 });
    expect(csv).toContain(`\r\n${localDate(stored?.createdAt ?? "")},${email},${ANSWER_VALUES.join(",")},Yes\r\n`);
    expect(errors).toEqual([]);
  });

  test("search by e-mail and paging: 50 a page, Previous and Next keep the search", async ({ page }) => {
    test.setTimeout(120_000);
    const tag = uniqueTag("pager");
    // Created one after another, so the newest is -50 and the oldest -00.
    for (let i = 0; i < 51; i += 1) {
      await submitQuiz(page.request, `${tag}-${String(i).padStart(2, "0")}@example.com`);
    }
    await signIn(page);
    await page.goto("/admin/quiz-submissions");
    await hydrated(page);

    await searchBox(page).fill(tag);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/quiz-submissions\\?search=${tag}$`));
    await expect(allSubmissionsHeading(page)).toHaveText("All Submissions (51)");
    await expect(submissionRows(page)).toHaveCount(50);
    await expect(submissionRows(page).first()).toContainText(`${tag}-50@example.com`);
    await expect(submissionRows(page).last()).toContainText(`${tag}-01@example.com`);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination).toContainText("Page 1 of 2");
    await expect(pagination.getByRole("link", { name: "Previous" })).toHaveCount(0);
    await expect(page.getByText(`51 submissions match "${tag}". Showing 1–50 of 51`)).toBeVisible();

    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?search=${tag}&page=2$`));
    await expect(submissionRows(page)).toHaveCount(1);
    await expect(submissionRows(page)).toContainText(`${tag}-00@example.com`);
    await expect(pagination).toContainText("Page 2 of 2");
    await expect(pagination.getByRole("link", { name: "Next" })).toHaveCount(0);
    await expect(searchBox(page)).toHaveValue(tag);

    await pagination.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?search=${tag}$`));
    await expect(submissionRows(page)).toHaveCount(50);

    // A page past the end shows the last page.
    await page.goto(`/admin/quiz-submissions?search=${tag}&page=9`);
    await expect(page).toHaveURL(new RegExp(`\\?search=${tag}&page=2$`));
    await expect(submissionRows(page)).toHaveCount(1);

    // A search without results says so, and is not the empty state.
    await hydrated(page);
    await searchBox(page).fill(`nobody-${tag}`);
    await searchBox(page).press("Enter");
    await expect(page.getByText(`No submissions match "nobody-${tag}"`)).toBeVisible();
    await expect(allSubmissionsHeading(page)).toHaveText("All Submissions (0)");
    await expect(submissionRows(page)).toHaveCount(0);
    await expect(page.getByText("No Submissions Yet")).toHaveCount(0);
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\/admin\/quiz-submissions$/);
    await expect(searchBox(page)).toHaveValue("");
    await expect(submissionRows(page).first()).toBeVisible();
  });

  test("the search works before JavaScript runs, as a plain GET form", async ({ browser }, testInfo) => {
    const email = `${uniqueTag("nojs")}@example.com`;
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    try {
      await submitQuiz(page.request, email);
      await signIn(page);
      const noScript = await browser.newContext({
        baseURL: testInfo.project.use.baseURL,
        javaScriptEnabled: false,
        storageState: await context.storageState(),
      });
      try {
        const plain = await noScript.newPage();
        await plain.goto("/admin/quiz-submissions");
        await searchBox(plain).fill(email);
        await searchBox(plain).press("Enter");
        await expect(plain).toHaveURL(/\?search=/);
        await expect(submissionRows(plain)).toHaveCount(1);
        // Before the script runs, the server's rendering: en-US date, no locale on the export link.
        const [stored] = await submissionsJson(page, email);
        const serverDate = new Intl.DateTimeFormat("en-US", { timeZone: "UTC" }).format(
          new Date(stored?.createdAt ?? ""),
        );
        await expect(submissionRows(plain).getByRole("cell").first()).toHaveText(serverDate);
        await expect(plain.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
          "href",
          "/api/admin/quiz-submissions.csv",
        );
      } finally {
        await noScript.close();
      }
    } finally {
      await context.close();
    }
  });
});

test.describe("admin insights accessibility", () => {
  test("the dashboard and the submissions page have no accessibility violations", async ({ page }) => {
    test.setTimeout(90_000);
    await submitQuiz(page.request, `${uniqueTag("axe")}@example.com`);
    const errors = recordErrors(page);
    await signIn(page);
    await page.goto("/admin/dashboard");
    await hydrated(page);
    await expectNoAxeViolations(page);
    await page.getByText("Show the daily numbers").click();
    await expectNoAxeViolations(page);

    await page.goto("/admin/quiz-submissions");
    await hydrated(page);
    await expectNoAxeViolations(page);
    await page.goto(`/admin/quiz-submissions?search=${uniqueTag("nobody")}`);
    await hydrated(page);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});

test.describe("admin insights on a phone", () => {
  // a phone viewport of its own, so the check runs once, in the desktop project, with nothing skipped
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("the dashboard and the submissions fit a 375 px phone", async ({ page }) => {
    await submitQuiz(page.request, `${uniqueTag("phone")}@example.com`);
    await signIn(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Dashboard");
    await expectNoHorizontalScroll(page);
    await expect(page.getByRole("link", { name: "Create New Post" })).toBeInViewport();
    await expect(page.getByRole("link", { name: "Add New Product" })).toBeInViewport();
    // The narrow drawing of the chart, as wide as its card.
    const chart = page.getByRole("figure").locator("svg:visible").filter({ hasText: "Day (UTC)" });
    await expect(chart).toHaveCount(1);
    const box = await chart.boundingBox();
    expect(box?.width).toBeGreaterThan(250);
    expect(box?.width).toBeLessThanOrEqual(375);
    await panel(page, "Quiz Submissions").scrollIntoViewIfNeeded();
    await expect(page.getByRole("link", { name: "View All Submissions" })).toBeVisible();

    await page.getByRole("link", { name: "View All Submissions" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quiz Submissions");
    await expectNoHorizontalScroll(page);
    await expect(page.getByRole("link", { name: "Export CSV" })).toBeInViewport();
    // The table scrolls sideways inside its card, not the page.
    const scroller = page.getByRole("region", { name: /^Quiz submissions/ });
    const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(page.getByRole("columnheader", { name: "Consent" })).toBeInViewport();
  });
});
