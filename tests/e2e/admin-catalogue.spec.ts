import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { signIn } from "./support/admin";
import { hydrated } from "./support/hydration";

// The catalogue's structure (issue 18, decision 027): categories in the owner's order with
// their refusals, breeds with theirs, and the products list's filters, sort, bulk actions and
// Duplicate. Specs run in parallel against one database: each test works on what it creates
// under a unique name, and never deletes or renames the demo catalogue.

let counter = 0;
function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
}

function toastWith(page: Page, title: string): Locator {
  return page
    .getByRole("region", { name: /Notification/ })
    .getByRole("listitem")
    .filter({ hasText: title });
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function createCategory(request: APIRequestContext, name: string): Promise<{ id: number; name: string }> {
  const res = await request.post("/api/categories", { data: { name, icon: "target" } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

async function createToy(
  request: APIRequestContext,
  fields: Record<string, unknown>,
): Promise<{ id: number; name: string }> {
  const res = await request.post("/api/toys", {
    data: {
      name: uniqueName("Catalogue Toy"),
      description: "A toy made by the catalogue browser tests.",
      details: "Long enough details for a toy that the catalogue browser tests create.",
      price: "$10.00",
      rating: "4.0",
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

/** Where in the list a category is (0 first); tests in parallel add and remove theirs around it. */
async function placeOf(rows: Locator, name: string): Promise<number> {
  return (await rows.allTextContents()).findIndex((text) => text.includes(name));
}

function row(page: Page, name: string): Locator {
  return page.getByRole("row").filter({ has: page.getByText(name, { exact: true }) });
}

test.describe("admin categories", () => {
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("are created, reordered from the keyboard (the home page follows), edited and deleted", async ({ page }) => {
    // From the dashboard's card, whose button is a link now.
    await page.getByRole("link", { name: "Manage Categories" }).click();
    await expect(page).toHaveURL(/\/admin\/categories$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Categories");
    await page.getByRole("link", { name: "Add Category" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Category");
    await hydrated(page);

    const name = uniqueName("Snuffle Mats");
    await page.getByRole("button", { name: "Add Category" }).click();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Description").fill("Mats that hide treats for clever noses.");
    await page.getByLabel("Icon").selectOption("moon");
    await page.getByRole("button", { name: "Add Category" }).click();
    await expect(toastWith(page, "Category created")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/categories$/);
    const created = row(page, name);
    await expect(created).toBeVisible();

    // To the top, with the keyboard alone: the focus stays on the row's button as it moves.
    const rows = page.getByTestId("category-row");
    const up = page.getByRole("button", { name: `Move ${name} up` });
    await up.focus();
    for (let moves = 0; moves < 50 && !(await up.isDisabled()); moves++) {
      const from = await placeOf(rows, name);
      await page.keyboard.press("Enter");
      await expect.poll(() => placeOf(rows, name)).toBeLessThan(from);
      if (!(await up.isDisabled())) await expect(up).toBeFocused();
    }
    await expect(rows.first()).toContainText(name);
    await expect(page.getByRole("button", { name: `Move ${name} up` })).toBeDisabled();
    await expect(page.getByRole("button", { name: `Move ${name} down` })).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: `${name} is now number 1` })).toBeAttached();
    await expect(rows.first()).toContainText("Home page");

    const publicOrder = (await (await page.request.get("/api/categories")).json()) as { name: string }[];
    expect(publicOrder[0]?.name).toBe(name);
    await page.goto("/");
    await expect(page.getByTestId("category-tile").first()).toContainText(name);

    // Edit: the form starts from the stored values.
    await page.goto("/admin/categories");
    await hydrated(page);
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await expect(page.getByLabel("Icon")).toHaveValue("moon");
    await hydrated(page);
    await page.getByLabel("Description").fill("Mats and balls that hide treats.");
    await page.getByRole("button", { name: "Update Category" }).click();
    await expect(toastWith(page, "Category updated")).toBeVisible();
    await expect(row(page, name)).toContainText("Mats and balls that hide treats.");

    // Unused: a plain confirmation.
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Category" });
    await expect(dialog).toContainText("No product uses it");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toastWith(page, "Category deleted")).toBeVisible();
    await expect(row(page, name)).toHaveCount(0);
  });

  test("a category products use says why it can't simply go, and moves them first", async ({ page }) => {
    const leaving = await createCategory(page.request, uniqueName("Leaving Toys"));
    const staying = await createCategory(page.request, uniqueName("Staying Toys"));
    const toy = await createToy(page.request, { selectedCategories: [leaving.id] });
    await page.goto("/admin/categories");
    await hydrated(page);
    await page.getByRole("button", { name: `Delete ${leaving.name}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Category" });
    await expect(dialog).toContainText(`“${leaving.name}” can't be deleted: it still has 1 product.`);
    const confirm = dialog.getByRole("button", { name: "Move products and delete" });
    await expect(confirm).toBeDisabled();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel("Move its products to").selectOption({ label: staying.name });
    await confirm.click();
    await expect(toastWith(page, "Category deleted")).toBeVisible();
    await expect(row(page, leaving.name)).toHaveCount(0);
    const moved = (await (await page.request.get(`/api/toys/${toy.id}`)).json()) as { categories: { id: number }[] };
    expect(moved.categories.map((c) => c.id)).toEqual([staying.id]);
    await expect(row(page, staying.name)).toContainText("1 product");
  });

  test("the list and the form fit a 375 px phone, reorder by touch and pass axe @mobile", async ({ page }) => {
    const category = await createCategory(page.request, uniqueName("Phone Toys"));
    await page.goto("/admin/categories");
    await hydrated(page);
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    const rows = page.getByTestId("category-row");
    const before = await placeOf(rows, category.name);
    await page.getByRole("button", { name: `Move ${category.name} up` }).click();
    await expect.poll(() => placeOf(rows, category.name)).toBeLessThan(before);
    await page.getByRole("link", { name: `Edit ${category.name}` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Category");
    await hydrated(page);
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.request.delete(`/api/categories/${category.id}`);
  });
});

test.describe("admin breeds", () => {
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("are created, renamed under the same address, and deleted with their recommendations", async ({ page }) => {
    await page.getByRole("link", { name: "Manage Breeds" }).click();
    await expect(page).toHaveURL(/\/admin\/breeds$/);
    await page.getByRole("link", { name: "Add Breed" }).click();
    await hydrated(page);
    const name = uniqueName("Lagotto Romagnolo");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Add Breed" }).click();
    await expect(page.getByText("Choose the breed's size")).toBeVisible();
    await expect(page.getByText("Description must be at least 10 characters")).toBeVisible();
    await page.getByLabel("Size").selectOption("medium");
    await page.getByLabel("Description").fill("A curly truffle hunter who loves puzzles and water.");
    await page.getByRole("button", { name: "Add Breed" }).click();
    await expect(toastWith(page, "Breed created")).toBeVisible();
    const created = row(page, name);
    await expect(created).toBeVisible();
    const slug = ((await created.getByRole("link", { name: /^\/breeds\// }).getAttribute("href")) ?? "").replace(
      /^\/breeds\//,
      "",
    );
    expect(slug).toMatch(/^lagotto-romagnolo-/);

    const renamed = `${name} Renamed`;
    await created.getByRole("link", { name: `Edit ${name}` }).click();
    await hydrated(page);
    await expect(page.getByText(`The breed's page stays at /breeds/${slug}`)).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill(renamed);
    await page.getByRole("button", { name: "Update Breed" }).click();
    await expect(toastWith(page, "Breed updated")).toBeVisible();
    await expect(row(page, renamed)).toContainText(`/breeds/${slug}`);
    await page.goto(`/breeds/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(renamed);
    // a breed without recommendations yet says so and does not lead to an empty catalogue (every
    // demo breed has recommendations: this is the state of one the owner has just added)
    await expect(page.getByText("No recommendations found yet")).toBeVisible();
    await expect(
      page.getByText("We're working on adding toy recommendations for this breed. Check back soon!"),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse All Products" })).toHaveAttribute("href", "/products");

    // With a recommendation: the dialog says it goes too.
    const breeds = (await (await page.request.get("/api/breeds")).json()) as { id: number; name: string }[];
    const breedId = breeds.find((b) => b.name === renamed)?.id;
    const toy = await createToy(page.request, { breedRecommendations: [{ breedId, note: "Loves it" }] });
    await page.goto("/admin/breeds");
    await hydrated(page);
    await expect(row(page, renamed)).toContainText("1 product");
    await page.getByRole("button", { name: `Delete ${renamed}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Breed" });
    await expect(dialog).toContainText(`${renamed} has 1 product recommendation. Deleting the breed removes it too`);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Delete breed and recommendations" }).click();
    await expect(toastWith(page, "Breed deleted")).toBeVisible();
    await expect(row(page, renamed)).toHaveCount(0);
    expect(await (await page.request.get(`/api/toys/${toy.id}/breed-recommendations`)).json()).toEqual([]);
    expect((await page.request.get(`/breeds/${slug}`)).status()).toBe(404);
  });

  test("the list and the form fit a 375 px phone and pass axe @mobile", async ({ page }) => {
    await page.goto("/admin/breeds");
    await hydrated(page);
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Add Breed" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Breed");
    await hydrated(page);
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("the admin products list", () => {
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("filters, sorts and keeps the view in the address through a trip to the editor", async ({ page }) => {
    const category = await createCategory(page.request, uniqueName("Filtered Toys"));
    const token = uniqueName("Filterable");
    const cheap = await createToy(page.request, {
      name: `${token} Cheap`,
      price: "$3.00",
      selectedCategories: [category.id],
    });
    const dear = await createToy(page.request, {
      name: `${token} Dear`,
      price: "$90.00",
      inStock: false,
      selectedCategories: [category.id],
    });
    await page.goto("/admin/products");
    await hydrated(page);
    await page.getByLabel("Category").selectOption({ label: category.name });
    await expect(page).toHaveURL(new RegExp(`category=${category.id}`));
    const rows = page.getByRole("row").filter({ has: page.getByRole("cell") });
    await expect(rows).toHaveCount(2);
    // every category of a toy, not only the legacy one
    await expect(row(page, cheap.name)).toContainText(category.name);

    await page.getByRole("link", { name: "Price" }).click();
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(rows.first()).toContainText(cheap.name);
    await expect(page.getByRole("columnheader", { name: "Price" })).toHaveAttribute("aria-sort", "ascending");
    await page.getByRole("link", { name: "Price" }).click();
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect(rows.first()).toContainText(dear.name);

    await page.getByLabel("Stock").selectOption("out");
    await expect(rows).toHaveCount(1);
    await expect(row(page, dear.name)).toContainText("Out of stock");
    const view = new URL(page.url()).search;
    expect(view).toContain("stock=out");

    // To the editor and back: the list comes back as it was.
    await row(page, dear.name)
      .getByRole("link", { name: `Edit ${dear.name}` })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Product");
    await expect(page.getByRole("button", { name: "Update Product" })).toBeEnabled();
    await page.getByRole("button", { name: "Update Product" }).click();
    await expect(toastWith(page, "Product updated")).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/admin/products" && url.search === view);
    await expect(page.getByLabel("Stock")).toHaveValue("out");
    await expect(rows).toHaveCount(1);
    // Clear filters goes back to everything, and the next return from the editor stays there.
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
  });

  test("bulk-changes top pick and stock, moves to the trash after asking, and duplicates a product", async ({
    page,
    request,
  }) => {
    const token = uniqueName("Bulk");
    const a = await createToy(page.request, { name: `${token} Alpha` });
    const b = await createToy(page.request, { name: `${token} Bravo` });
    await page.goto(`/admin/products?search=${encodeURIComponent(token)}`);
    await hydrated(page);
    const rows = page.getByRole("row").filter({ has: page.getByRole("cell") });
    await expect(rows).toHaveCount(2);
    const bar = page.getByRole("region", { name: "Bulk actions" });
    await expect(bar.getByRole("button", { name: "Mark as top pick" })).toBeDisabled();

    await page.getByLabel("Select all products on this page").check();
    await expect(bar).toContainText("2 products selected");
    await bar.getByRole("button", { name: "Mark as top pick" }).click();
    await expect(toastWith(page, "Products updated")).toContainText("2 products marked as top pick.");
    await expect(row(page, a.name)).toContainText("Top Pick");
    await expect(row(page, b.name)).toContainText("Top Pick");
    await expect(bar).toContainText("Tick products");

    await page.getByLabel(`Select ${b.name}`).check();
    await bar.getByRole("button", { name: "Mark out of stock" }).click();
    await expect(row(page, b.name)).toContainText("Out of stock");
    await expect(row(page, a.name)).not.toContainText("Out of stock");

    // Duplicate: a copy with the same links opens in the editor, as a draft visitors never see (issue 26).
    await page.getByRole("button", { name: `Duplicate ${a.name}` }).click();
    await expect(toastWith(page, "Product duplicated")).toContainText("is a draft");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Product");
    await expect(page.getByLabel("Product Name")).toHaveValue(`${a.name} (copy)`);
    await expect(page.getByRole("switch", { name: "Top Pick" })).not.toBeChecked();
    await expect(page.getByRole("status").filter({ hasText: "Draft: only you see this product." })).toBeVisible();
    const copyId = Number(new URL(page.url()).pathname.split("/").pop());
    expect((await request.get(`/api/toys/${copyId}`)).status()).toBe(404);
    expect((await request.get(`/api/toys?search=${encodeURIComponent(token)}`)).ok()).toBe(true);
    expect(
      ((await (await request.get(`/api/toys?search=${encodeURIComponent(token)}`)).json()) as { id: number }[]).map(
        (toy) => toy.id,
      ),
    ).not.toContain(copyId);

    await page.goto(`/admin/products?search=${encodeURIComponent(token)}`);
    await hydrated(page);
    await expect(rows).toHaveCount(3);
    await expect(row(page, `${a.name} (copy)`)).toContainText("Draft");
    // Publish, from the product editor: then visitors see it
    await page.getByRole("link", { name: `Edit ${a.name} (copy)` }).click();
    await hydrated(page);
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(toastWith(page, "Product published")).toBeVisible();
    expect((await request.get(`/api/toys/${copyId}`)).status()).toBe(200);
    await expect(rows).toHaveCount(3);
    await expect(row(page, `${a.name} (copy)`)).not.toContainText("Draft");
    await page.getByLabel("Select all products on this page").check();
    await bar.getByRole("button", { name: "Move to trash" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Products" });
    await expect(dialog).toContainText("Move the 3 selected products to the trash?");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Move to trash" }).click();
    await expect(toastWith(page, "Products updated")).toContainText("3 products moved to the trash.");
    await expect(page.getByText("No products match your search")).toBeVisible();
    expect((await page.request.get(`/api/toys/${a.id}`)).status()).toBe(404);
  });

  test("filters and bulk actions fit a 375 px phone and pass axe @mobile", async ({ page }) => {
    const token = uniqueName("Phone Bulk");
    const toy = await createToy(page.request, { name: `${token} Toy` });
    await page.goto(`/admin/products?search=${encodeURIComponent(token)}`);
    await hydrated(page);
    await expectNoHorizontalScroll(page);
    await page.getByLabel(`Select ${toy.name}`).check();
    const bar = page.getByRole("region", { name: "Bulk actions" });
    await expect(bar).toContainText("1 product selected");
    await expectNoHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await bar.getByRole("button", { name: "Mark in stock" }).click();
    await expect(toastWith(page, "Products updated")).toContainText("1 product marked in stock.");
  });
});
