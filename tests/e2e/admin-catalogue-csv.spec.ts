import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { parseCsv, readCsvCell, writeCsvLine } from "../../domain/csv";
import { signIn } from "./support/admin";
import { hydrated } from "./support/hydration";

// Issue 27, the catalogue as CSV on the products page: "Export CSV" downloads the file; the owner
// changes one price in it, chooses it under "Import CSV", sees what it will do, applies it, and
// the list shows the new price. The file sent holds only this test's product (other tests change
// products on this server meanwhile, and the file must say nothing about theirs).

test("the owner exports the catalogue, changes a price in the file, previews and applies it", async ({ page }) => {
  await signIn(page);
  const name = `CSV Priced Rope ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const created = await page.request.post("/api/toys", {
    data: {
      name,
      description: "A rope toy whose price a CSV import changes.",
      details: "Braided cotton rope with two knots, made for the catalogue CSV browser test.",
      price: "$10.00",
      rating: "4.0",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const toy = (await created.json()) as { id: number };
  try {
    await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
    await hydrated(page);
    const row = page.getByRole("table", { name: "Products", exact: true }).getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("$10.00");

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("toys.csv");
    const parsed = parseCsv(readFileSync(await download.path(), "utf8"));
    if (!parsed.ok) throw new Error(parsed.message);
    const [header, ...records] = parsed.records;
    const columns = header?.cells ?? [];
    const mine = records
      .map((r) => r.cells.map(readCsvCell))
      .find((cells) => cells[columns.indexOf("id")] === String(toy.id));
    if (!mine) throw new Error("the export has no line for the test's product");
    mine[columns.indexOf("price")] = "12.34";
    const file = writeCsvLine(columns) + writeCsvLine(mine);

    // with the keyboard: open the panel, choose the file, preview, apply
    const summary = page.getByText("Import CSV", { exact: true });
    await summary.focus();
    await page.keyboard.press("Enter");
    await page
      .getByLabel("CSV file")
      .setInputFiles({ name: "toys.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await page.getByRole("button", { name: "Preview import" }).press("Enter");
    await expect(page.getByTestId("catalogue-import-counts")).toHaveText("0 to create, 1 to update, 0 unchanged");
    await expect(page.getByRole("heading", { name: "Preview" })).toBeFocused();
    await expect(page.getByRole("table", { name: "What each row will do" })).toContainText(name);
    // nothing has changed yet
    await expect(row).toContainText("$10.00");
    const axe = await new AxeBuilder({ page })
      .include("details")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await page.getByRole("button", { name: "Apply import" }).press("Enter");
    await expect(page.getByText("Catalogue imported", { exact: true })).toBeVisible();
    await expect(page.getByTestId("catalogue-import-counts")).toHaveText("0 created, 1 updated, 0 unchanged");
    await expect(row).toContainText("$12.34");
  } finally {
    await page.request.delete(`/api/toys/${toy.id}`);
  }
});

test("a file with a bad row shows the row's line and message, and offers nothing to apply", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/products");
  await hydrated(page);
  await page.getByText("Import CSV", { exact: true }).click();
  const file =
    "name,description,details,price\r\nTiny,A toy with a bad row.,Details long enough to pass the check.,\r\n";
  await page.getByLabel("CSV file").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
  await page.getByRole("button", { name: "Preview import" }).click();
  const errors = page.getByRole("alert").filter({ hasText: "1 row has errors" });
  await expect(errors).toContainText("Line 2: Name must be at least 5 characters");
  await expect(errors).toContainText("Line 2: Price is required");
  await expect(page.getByRole("button", { name: "Apply import" })).toHaveCount(0);
});
