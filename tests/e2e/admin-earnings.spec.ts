import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { hydrated } from "./support/hydration";

// Issue 28, earnings: the owner imports the retailer's report on /admin/earnings, sees what an
// article earned from the clicks it sent (decision 064), imports the same file again without
// counting a line twice, gives a tracking ID its placement, and exports the figures.

const ARTICLE = { slug: "choosing-dog-toys-by-breed-size", title: "Choosing Dog Toys by Breed Size" };

test("a report imported on the earnings page shows what an article earned", async ({ page, request }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const suffix = Date.now().toString(36).toUpperCase().slice(-6);
  const asin = `B0E${suffix}`.padEnd(10, "X").slice(0, 10);
  const name = `Earnings Test Ball ${suffix}`;
  const created = await page.request.post("/api/toys", {
    data: {
      name,
      description: "A ball that sells once in a test.",
      details: "A rubber ball bought after a click from an article.",
      price: "$20.00",
      rating: "4.0",
      reviewCount: 0,
      amazonUrl: `https://www.amazon.com/dp/${asin}`,
      amazonAsin: asin,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const toyId = (await created.json()).id as number;

  try {
    // a visitor's click today from the article (the shares among several are tested at the API,
    // tests/earnings-report.test.ts: here every request comes from one client, which counts once)
    const click = await request.get(`/go/${toyId}?from=post:${ARTICLE.slug}`, { maxRedirects: 0 });
    expect(click.status()).toBe(302);

    const today = new Date().toISOString().slice(0, 10);
    const amazonDay = `${today.slice(5, 7)}-${today.slice(8, 10)}-${today.slice(0, 4)}`;
    const tag = `e2e${suffix.toLowerCase()}-20`;
    const report = [
      `Fee-Earnings reports from ${amazonDay} to ${amazonDay}`,
      "Category,Name,ASIN,Seller,Tracking ID,Date Shipped,Price($),Items Shipped,Returns,Revenue($),Ad Fees($),Device Type Group",
      `Pet Supplies,"${name}",${asin},Amazon.com,${tag},${amazonDay},"1,000.00",1,0,"1,000.00",40.00,PHONE`,
    ].join("\n");

    await page.goto(`/admin/earnings?from=${today}&to=${today}&by=post`);
    await hydrated(page);
    const importer = page.getByRole("region", { name: "Import a report" });
    await importer
      .getByLabel("Report file")
      .setInputFiles({ name: "fee-earnings.csv", mimeType: "text/csv", buffer: Buffer.from(report) });
    await importer.getByRole("button", { name: "Import report" }).click();
    const answer = importer.getByTestId("earnings-import-answer");
    await expect(answer.getByRole("heading", { name: "Report imported" })).toBeFocused();
    await expect(answer.getByTestId("earnings-import-counts")).toContainText("New lines1");

    // the toy's one click that day came from the article: its $40.00
    await page.reload();
    const table = page.getByRole("region", { name: "Per article" });
    const row = table.getByTestId("earnings-row").filter({ hasText: ARTICLE.title });
    await expect(row.getByRole("cell").first()).toHaveText("$40.00");

    // the same file again adds nothing
    await importer
      .getByLabel("Report file")
      .setInputFiles({ name: "fee-earnings.csv", mimeType: "text/csv", buffer: Buffer.from(report) });
    await importer.getByRole("button", { name: "Import report" }).click();
    await expect(answer.getByTestId("earnings-import-counts")).toContainText("New lines0");
    await expect(answer.getByTestId("earnings-import-counts")).toContainText("Already imported1");
    await page.reload();
    await expect(
      page
        .getByRole("region", { name: "Per article" })
        .getByTestId("earnings-row")
        .filter({ hasText: ARTICLE.title })
        .getByRole("cell")
        .first(),
    ).toHaveText("$40.00");

    // the tracking ID is the newsletter's: its line goes there whole
    const trackingRow = page.getByTestId("tracking-id").filter({ hasText: tag });
    await trackingRow.getByLabel(`Placement of ${tag}`).selectOption("email");
    await trackingRow.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(`${tag} now goes to its placement whole`).first()).toBeVisible();
    await page.goto(`/admin/earnings?from=${today}&to=${today}&by=placement`);
    await hydrated(page);
    const placements = page.getByRole("region", { name: "Per placement" });
    await expect(
      placements.getByTestId("earnings-row").filter({ hasText: "Newsletters" }).getByRole("cell").first(),
    ).toHaveText("$40.00");

    // the export holds the rows shown
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`earnings-by-placement-${today}-to-${today}.csv`);
    expect(readFileSync(await download.path(), "utf8")).toContain("Newsletters");

    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  } finally {
    await page.request.put(`/api/admin/earnings/tracking-ids/e2e${suffix.toLowerCase()}-20`, {
      data: { placement: null },
    });
    await page.request.delete(`/api/toys/${toyId}`);
  }
});
