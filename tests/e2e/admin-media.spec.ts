import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./support/admin";
import { hydrated } from "./support/hydration";

// The media library (issue 18, decision 027): upload, alt text, search, in-use refusal and
// delete on /admin/media; "Choose from library" in the product form; and a public page serving
// an upload with srcset, sizes, explicit dimensions and the library's alt text. Specs run in
// parallel against one database: every test uploads images of its own (a colour of its own
// makes new bytes, so a new library item).

let counter = 0;
function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
}

/** A PNG no other test uploads: its colour comes from the name. */
async function png(name: string, width = 1200, height = 900): Promise<Buffer> {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: hash & 255, g: (hash >> 8) & 255, b: (hash >> 16) & 255 },
    },
  })
    .png()
    .toBuffer();
}

async function upload(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.post("/api/upload", {
    multipart: { image: { name: `${name}.png`, mimeType: "image/png", buffer: await png(name) } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { imageUrl: string }).imageUrl;
}

async function libraryItem(request: APIRequestContext, url: string): Promise<{ id: number; originalName: string }> {
  const items = (await (await request.get("/api/admin/media?pageSize=100")).json()) as {
    id: number;
    url: string;
    originalName: string;
  }[];
  const item = items.find((i) => i.url === url);
  if (!item) throw new Error(`${url} is not in the library`);
  return item;
}

function toastWith(page: Page, title: string): Locator {
  return page
    .getByRole("region", { name: /Notification/ })
    .getByRole("listitem")
    .filter({ hasText: title });
}

function card(page: Page, name: string): Locator {
  return page.getByTestId("media-item").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function createToy(request: APIRequestContext, fields: Record<string, unknown>) {
  const res = await request.post("/api/toys", {
    data: {
      name: uniqueName("Media Toy"),
      description: "A toy made by the media library browser tests.",
      details: "Long enough details for a toy that the media library browser tests create.",
      price: "$12.00",
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string; slug: string };
}

test.describe("the media library", () => {
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("uploads, describes, finds and deletes an image, and refuses to delete one in use", async ({ page }) => {
    const name = uniqueName("library-upload");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Media" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Media Library");
    await hydrated(page);
    await page
      .locator("#media-upload")
      .setInputFiles({ name: `${name}.png`, mimeType: "image/png", buffer: await png(name) });
    await expect(toastWith(page, "Image uploaded")).toBeVisible();
    const item = card(page, `${name}.png`);
    await expect(item).toBeVisible();
    await expect(item).toContainText("1200 × 900 px");
    await expect(item).toContainText("Not used anywhere");

    await item.getByRole("textbox", { name: "Alt text" }).fill("A test card in one flat colour");
    await item.getByRole("button", { name: "Save alt text" }).click();
    await expect(toastWith(page, "Alt text saved")).toBeVisible();
    await expect(item.getByRole("img", { name: "A test card in one flat colour" })).toBeVisible();

    // Search by name, then back to all.
    await page.getByLabel("Search images by name or alt text").fill(name);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`search=${name}`));
    await expect(page.getByTestId("media-item")).toHaveCount(1);
    await page.getByLabel("Search images by name or alt text").fill("no image is called this");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("No images match your search")).toBeVisible();
    await page.getByRole("link", { name: "Show all images" }).click();

    // In use by a product: the library says where, and the delete explains why not.
    const usedName = uniqueName("library-used");
    const usedUrl = await upload(page.request, usedName);
    const toy = await createToy(page.request, { imageUrl: usedUrl });
    await page.reload();
    await hydrated(page);
    const used = card(page, `${usedName}.png`);
    await expect(used.getByRole("link", { name: `Product: ${toy.name}` })).toHaveAttribute(
      "href",
      `/admin/products/${toy.id}`,
    );
    await used.getByRole("button", { name: /^Delete image/ }).click();
    const notice = page.getByRole("alertdialog", { name: "This image is in use" });
    await expect(notice).toContainText(`This image is still in use: product “${toy.name}”`);
    await notice.getByRole("button", { name: "OK" }).click();
    await expect(notice).toBeHidden();
    const { id: usedId } = await libraryItem(page.request, usedUrl);
    expect((await page.request.delete(`/api/admin/media/${usedId}`)).status()).toBe(409);

    // Unused: deleted after the confirmation, with its copies.
    await item.getByRole("button", { name: /^Delete image/ }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Image" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toastWith(page, "Image deleted")).toBeVisible();
    await expect(item).toHaveCount(0);
  });

  test("the product form picks an image from the library instead of uploading it again", async ({ page }) => {
    const name = uniqueName("library-pick");
    const url = await upload(page.request, name);
    await page.goto("/admin/products/new");
    await hydrated(page);
    await page.getByRole("button", { name: "Choose from library for Product Image" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose from library" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Search images by name or alt text")).toBeFocused();
    await dialog.getByLabel("Search images by name or alt text").fill(name);
    const choice = dialog.getByRole("button", { name: `Choose ${name}.png` });
    await expect(choice).toBeVisible();
    await expect(dialog.getByRole("listitem")).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    await choice.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel("Image URL")).toHaveValue(url);
    await expect(page.getByRole("img", { name: "Product Image preview" })).toHaveAttribute("src", url);
    // The focus is back on the button that opened the dialog.
    await expect(page.getByRole("button", { name: "Choose from library for Product Image" })).toBeFocused();

    // Escape closes it without choosing.
    await page.getByRole("button", { name: "Choose from library for Product Image" }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel("Image URL")).toHaveValue(url);
  });

  test("a public page serves an upload with srcset, sizes, dimensions and the library's alt text", async ({ page }) => {
    const name = uniqueName("public-srcset");
    const url = await upload(page.request, name);
    const { id } = await libraryItem(page.request, url);
    expect(
      (await page.request.patch(`/api/admin/media/${id}`, { data: { altText: "A red rubber ball" } })).status(),
    ).toBe(200);
    const toy = await createToy(page.request, { imageUrl: url });
    const hash = url.slice("/uploads/".length, -".webp".length);

    await page.goto(`/toys/${toy.slug}`);
    const image = page.getByRole("img", { name: "A red rubber ball" });
    await expect(image).toHaveAttribute(
      "srcset",
      `/uploads/${hash}-400.webp 400w, /uploads/${hash}-800.webp 800w, /uploads/${hash}-1600.webp 1600w`,
    );
    await expect(image).toHaveAttribute("sizes", /100vw/);
    await expect(image).toHaveAttribute("width", "800");
    await expect(image).toHaveAttribute("height", "600");
    const copy = await page.request.get(`/uploads/${hash}-800.webp`);
    expect(copy.status()).toBe(200);
    expect(copy.headers()["content-type"]).toBe("image/webp");
  });

  test("on a phone, the toy page downloads the small copy, and the library fits and passes axe @mobile", async ({
    page,
  }) => {
    const name = uniqueName("phone-srcset");
    const url = await upload(page.request, name);
    const toy = await createToy(page.request, { imageUrl: url });
    const hash = url.slice("/uploads/".length, -".webp".length);
    await page.goto(`/toys/${toy.slug}`);
    const image = page.getByRole("img", { name: toy.name });
    // What the image's sizes and srcset ask for at this width, worked out as the browser does
    // (first matching size, times the pixel ratio, the smallest copy at least that wide)...
    const wanted = await image.evaluate((img: HTMLImageElement) => {
      const slot =
        img.sizes
          .split(",")
          .map((entry) => entry.trim().match(/^(\(.*\))\s+(\S+)$/) ?? [entry, "", entry.trim()])
          .find(([, media]) => !media || window.matchMedia(media).matches)?.[2] ?? "100vw";
      const px = slot.endsWith("vw") ? (Number.parseFloat(slot) * window.innerWidth) / 100 : Number.parseFloat(slot);
      const copies = img.srcset
        .split(",")
        .map((candidate) => candidate.trim().split(" "))
        .map(([url, width]) => ({ url: url ?? "", width: Number.parseInt(width ?? "0", 10) }))
        .sort((a, b) => a.width - b.width);
      return (copies.find((copy) => copy.width >= px * window.devicePixelRatio) ?? copies.at(-1))?.url;
    });
    const narrow = (page.viewportSize()?.width ?? 1280) <= 400;
    expect(wanted).toBe(`/uploads/${hash}-${narrow ? 400 : 800}.webp`);
    // ...and what it shows is a copy, never the full-size image. (Chrome may show a larger copy
    // it already has: on a busy machine its preload scanner can run before the viewport is set.)
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-\d+\.webp$/);

    await page.goto("/admin/media");
    await hydrated(page);
    await expect(card(page, `${name}.png`)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
