import { describe, expect, it } from "vitest";
import {
  CATALOGUE_COLUMNS,
  CATALOGUE_IMPORT_MAX_ROWS,
  type CatalogueCells,
  type CatalogueSnapshot,
  type CatalogueToy,
  catalogueCells,
  catalogueCsvHeader,
  catalogueCsvLine,
  catalogueImportCounts,
  catalogueImportQuerySchema,
  joinListCell,
  planCatalogueImport,
  readCatalogueCsv,
  splitListCell,
} from "./catalogue-csv";
import { UTF8_BOM, writeCsvLine } from "./csv";

const encode = (text: string) => new TextEncoder().encode(text);

const CATEGORIES = [
  { id: 1, name: "Fetch Toys" },
  { id: 2, name: "Chew Toys" },
  { id: 3, name: "Brain Games" },
];
const BREEDS = [
  { id: 10, name: "Beagle" },
  { id: 11, name: "Border Collie" },
];

function toy(id: number, changes: Partial<CatalogueToy> = {}): CatalogueToy {
  return {
    id,
    name: `Rope Tug Toy ${id}`,
    slug: `rope-tug-toy-${id}`,
    status: "published",
    description: "A braided rope for tug of war.",
    details: "Three knots of cotton rope, washable, for medium and large dogs.",
    price: "$12.99",
    priceAsOf: null,
    priceHidden: false,
    priceDiscount: null,
    rating: "4.5",
    reviewCount: 120,
    imageUrl: "https://images.example.com/rope.jpg",
    imageAlt: null,
    amazonAsin: `B00000000${id}`,
    retailerItemId: null,
    amazonUrl: `https://www.amazon.com/dp/B00000000${id}`,
    affiliateUrl: null,
    affiliateCode: null,
    inStock: true,
    isPrimeEligible: false,
    isTopPick: false,
    materialType: "rope",
    ageRecommendation: "puppy, adult",
    suitableFor: "medium, large",
    features: ["tug", "interactive"],
    categoryId: 2,
    categoryName: "Chew Toys",
    categories: [
      { id: 2, name: "Chew Toys" },
      { id: 1, name: "Fetch Toys" },
    ],
    breeds: [{ id: 10, name: "Beagle", note: "Loves a tug" }],
    priceConfirmedAt: "2026-11-25T14:11:00.000Z",
    priceSource: "owner",
    ...changes,
  };
}

function snapshot(toys: CatalogueToy[], extra: Partial<CatalogueSnapshot> = {}): CatalogueSnapshot {
  return {
    toys,
    trashedIds: new Set(),
    names: { categories: CATEGORIES, breeds: BREEDS },
    slugOwners: new Map(toys.map((t) => [t.slug, t.id])),
    ...extra,
  };
}

const exportOf = (toys: CatalogueToy[]) => catalogueCsvHeader() + toys.map(catalogueCsvLine).join("");

/** A file of these columns and rows of cells. */
function file(columns: readonly string[], ...rows: string[][]): Uint8Array {
  return encode(writeCsvLine(columns) + rows.map((row) => writeCsvLine(row)).join(""));
}

function plan(bytes: Uint8Array, snap: CatalogueSnapshot) {
  const read = readCatalogueCsv(bytes);
  if (!read.ok) throw new Error(read.message);
  return planCatalogueImport(read, snap);
}

/** The export's cells of a toy, some changed, in the export's column order. */
function rowOf(base: CatalogueToy, changes: Partial<CatalogueCells> = {}): string[] {
  const cells = { ...catalogueCells(base), ...changes };
  return CATALOGUE_COLUMNS.map((column) => cells[column]);
}

describe("list cells (categories, breeds, features)", () => {
  it("join with | and escape it, so any item round-trips", () => {
    const items = ["Tug | Fetch", "back\\slash", "plain", "ends with \\", "|"];
    const cell = joinListCell(items);
    expect(cell).toBe("Tug \\| Fetch|back\\\\slash|plain|ends with \\\\|\\|");
    expect(splitListCell(cell)).toEqual(items);
  });

  it("read leniently: items trimmed, empty ones dropped, a lone backslash kept", () => {
    expect(splitListCell(" a | | b |")).toEqual(["a", "b"]);
    expect(splitListCell("C:\\toys")).toEqual(["C:\\toys"]);
    expect(splitListCell("")).toEqual([]);
  });
});

describe("the export's lines", () => {
  it("start with a byte order mark and the API's field names", () => {
    expect(catalogueCsvHeader()).toBe(`${UTF8_BOM}${CATALOGUE_COLUMNS.join(",")}\r\n`);
  });

  it("hold every field, lists by name in one order, and read back cell for cell", () => {
    const odd = toy(7, {
      name: '=Rope, the "Big" one',
      description: "-50% off\nsecond line",
      details: "@mention 'quoted' text, with commas\r\nand CRLF 🐶 Hündchen",
      features: ["Fetch | Tug", "+1 squeaker", "'apostrophe"],
      priceDiscount: "$9.99",
      isTopPick: true,
      status: "draft",
      categories: [
        { id: 3, name: "Brain Games" },
        { id: 1, name: "Fetch Toys" },
      ],
    });
    const line = catalogueCsvLine(odd);
    expect(line).toContain("'=Rope");
    expect(line).toContain("Brain Games|Fetch Toys");
    const read = readCatalogueCsv(encode(exportOf([odd])));
    if (!read.ok) throw new Error(read.message);
    expect(read.errors).toEqual([]);
    expect(read.rows).toEqual([{ line: 2, cells: catalogueCells(odd) }]);
  });
});

describe("reading an import file", () => {
  it("takes the columns in any order and case, with or without a byte order mark, CRLF or LF", () => {
    const text = "PRICE,Id\n$1.00,3\r\n";
    for (const bytes of [encode(text), encode(UTF8_BOM + text)]) {
      const read = readCatalogueCsv(bytes);
      expect(read).toEqual({
        ok: true,
        columns: ["price", "id"],
        rows: [{ line: 2, cells: { price: "$1.00", id: "3" } }],
        errors: [],
      });
    }
  });

  it("reads past blank lines and counts the lines of multi-line cells", () => {
    const read = readCatalogueCsv(encode('id,details\r\n1,"one\ntwo\nthree"\r\n\r\n,,\r\n2,x\r\n3,"a\r\nb",extra\r\n'));
    if (!read.ok) throw new Error(read.message);
    expect(read.rows.map((r) => r.line)).toEqual([2, 7]);
    expect(read.errors).toEqual([{ line: 8, message: "The row has 3 cells, but line 1 names 2 columns" }]);
  });

  it("refuses a file that is no catalogue: not UTF-8, binary, empty, an unknown or doubled column", () => {
    const refusal = (bytes: Uint8Array) => {
      const read = readCatalogueCsv(bytes);
      return read.ok ? null : read.message;
    };
    expect(refusal(new Uint8Array([0x69, 0x64, 0x0a, 0xff, 0xfe, 0x41]))).toMatch(/not UTF-8 text/);
    expect(refusal(encode("id\n1\u0000"))).toMatch(/not a CSV file/);
    expect(refusal(encode(""))).toMatch(/empty/);
    expect(refusal(encode("hello,world\n1,2"))).toMatch(/^Line 1 must name the columns/);
    expect(refusal(encode("id,prcie\n1,2"))).toMatch(/^Line 1: unknown column "prcie"/);
    expect(refusal(encode("id,ID\n1,2"))).toBe('Line 1: the column "id" is there twice');
    expect(refusal(encode('id,name\n1,"never closed'))).toBe("Line 2: a quoted cell is never closed");
  });

  it("refuses more rows than one import takes", () => {
    const read = readCatalogueCsv(encode(`id\n${"1\n".repeat(CATALOGUE_IMPORT_MAX_ROWS + 1)}`));
    expect(read.ok ? "" : read.refusal).toBe("too-large");
  });
});

describe("planning an import", () => {
  const a = toy(1);
  const b = toy(2, { categories: [], breeds: [], features: [], priceDiscount: "$10.00" });
  const catalogue = snapshot([a, b]);

  it("skips every row of an unchanged export: nothing to save", () => {
    const { report, saves } = plan(encode(exportOf([a, b])), catalogue);
    expect(report).toMatchObject({ create: 0, update: 0, skip: 2, errors: [] });
    expect(report.rows).toEqual([
      { line: 2, action: "skip", id: 1, name: a.name },
      { line: 3, action: "skip", id: 2, name: b.name },
    ]);
    expect(saves).toEqual([]);
  });

  it("updates the one toy whose price changed, and confirms its price", () => {
    const { report, saves } = plan(file(CATALOGUE_COLUMNS, rowOf(a, { price: "14.5" }), rowOf(b)), catalogue);
    expect(report).toMatchObject({ create: 0, update: 1, skip: 1, errors: [] });
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({ line: 2, id: 1, confirmPrice: true, input: { price: "$14.50" } });
    // its links did not change: they are left as they are
    expect(saves[0]?.input.selectedCategories).toBeUndefined();
    expect(saves[0]?.input.breedRecommendations).toBeUndefined();
  });

  it("keeps the price's stamp when only other fields change", () => {
    const { saves } = plan(file(["id", "description"], ["1", "A new description for the rope."]), catalogue);
    expect(saves[0]).toMatchObject({
      id: 1,
      confirmPrice: false,
      input: { description: "A new description for the rope." },
    });
    // the columns the file leaves out keep the toy's values
    expect(saves[0]?.input).toMatchObject({ price: "$12.99", features: ["tug", "interactive"], status: "published" });
  });

  it("counts what the stored form makes equal as no change: price spelling, list order, case of names", () => {
    const row = rowOf(a, { price: "12.99", categories: "fetch toys|Chew Toys", ageRecommendation: "puppy,adult" });
    expect(plan(file(CATALOGUE_COLUMNS, row), catalogue).report).toMatchObject({ skip: 1, update: 0 });
  });

  it("matches by ASIN when the id is empty, and adds a product when nothing matches", () => {
    const byAsin = rowOf(a, { id: "", rating: "3.5" });
    const fresh = rowOf(toy(99), { id: "", slug: "" });
    const { report, saves } = plan(file(CATALOGUE_COLUMNS, byAsin, fresh), catalogue);
    expect(report.rows).toEqual([
      { line: 2, action: "update", id: 1, name: a.name },
      { line: 3, action: "create", name: "Rope Tug Toy 99" },
    ]);
    expect(saves[1]).toMatchObject({ confirmPrice: true, input: { selectedCategories: [2, 1] } });
    expect(saves[1]?.input.breedRecommendations).toEqual([{ breedId: 10, note: null }]);
  });

  it("keeps the owner's breed notes for the breeds a row still names", () => {
    const { saves } = plan(file(["id", "breeds"], ["1", "Border Collie|beagle"]), catalogue);
    expect(saves[0]?.input.breedRecommendations).toEqual([
      { breedId: 11, note: null },
      { breedId: 10, note: "Loves a tug" },
    ]);
  });

  it("round-trips features holding the separator, formulas and apostrophes", () => {
    const tricky = toy(3, { features: ["Tug | Fetch", "=cmd", "'quoted"], name: "'Tis a =toy" });
    const snap = snapshot([tricky]);
    expect(plan(encode(exportOf([tricky])), snap).report).toMatchObject({ skip: 1, errors: [] });
    const { saves } = plan(encode(exportOf([{ ...tricky, rating: "5.0" }])), snap);
    expect(saves[0]?.input).toMatchObject({ features: ["Tug | Fetch", "=cmd", "'quoted"], name: "'Tis a =toy" });
  });

  it("reports each bad row by line with the product form's messages, and plans the good ones", () => {
    const bytes = file(
      CATALOGUE_COLUMNS,
      rowOf(a, { price: "" }),
      rowOf(b, { categories: "Fetch Toys|Squeaky Things", breeds: "Poodle" }),
      rowOf(toy(50), { id: "", amazonAsin: "", inStock: "maybe", rating: "7" }),
      rowOf(toy(51), { id: "", slug: "Not A Slug" }),
    );
    const { report, saves } = plan(bytes, catalogue);
    expect(report.errors).toEqual([
      { line: 2, message: "Price is required" },
      { line: 3, message: 'Unknown category "Squeaky Things"' },
      { line: 3, message: 'Unknown breed "Poodle"' },
      { line: 4, message: "inStock must be true or false" },
      { line: 4, message: "Rating must be between 0 and 5" },
      { line: 5, message: "Slug can only contain lowercase letters, numbers, and hyphens" },
    ]);
    expect(report).toMatchObject({ create: 0, update: 0, skip: 0, rows: [] });
    expect(saves).toEqual([]);
  });

  it("refuses rows that name a missing or trashed product, an ambiguous ASIN, or the same product twice", () => {
    const twin = toy(5, { amazonAsin: "B0TWIN" });
    const snap = snapshot([a, b, twin, toy(6, { amazonAsin: "b0twin" })], { trashedIds: new Set([8]) });
    const { report } = plan(
      file(
        ["id", "amazonAsin", "name"],
        ["404", "", "Missing Toy"],
        ["8", "", "Trashed Toy"],
        ["", "B0TWIN", "Twin Toy"],
        ["1", "", "Rope Tug Toy One"],
        ["", a.amazonAsin ?? "", "Rope Tug Toy Again"],
        ["x1", "", "Odd Id"],
      ),
      snap,
    );
    expect(report.errors.map((e) => `${e.line}: ${e.message}`)).toEqual([
      "2: No product has the id 404: empty the id to add it as a new product",
      "3: Product 8 is in the trash: restore it first, or empty the id to add it as a new product",
      "4: 2 products have the ASIN B0TWIN: write the id of the one to change",
      "6: Line 5 already changes product 1",
      "7: id must be a product's id (a whole number), or empty to add a product",
    ]);
    expect(report.rows).toEqual([{ line: 5, action: "update", id: 1, name: "Rope Tug Toy One" }]);
  });

  it("refuses a slug another product has or had, and two new products with one ASIN", () => {
    const snap = snapshot([a, b], { slugOwners: new Map([...snapshot([a, b]).slugOwners, ["old-rope", 2]]) });
    const { report } = plan(
      file(
        CATALOGUE_COLUMNS,
        rowOf(a, { slug: "old-rope" }),
        rowOf(toy(60), { id: "", slug: "", amazonAsin: "B0NEW" }),
        rowOf(toy(61), { id: "", slug: "", amazonAsin: "b0new" }),
      ),
      snap,
    );
    expect(report.errors).toEqual([
      { line: 2, message: "A product with this slug already exists: old-rope" },
      { line: 4, message: "Line 3 already adds a product with the ASIN b0new" },
    ]);
  });

  it("names a control character in a cell", () => {
    const { report } = plan(file(["id", "name"], ["1", "Rope\u0007Toy"]), catalogue);
    expect(report.errors).toEqual([
      { line: 2, message: "name: Remove the invisible control character from this text" },
    ]);
  });

  it("previews for ?dryRun=1, true or a bare ?dryRun, writes for none, 0 or false, and refuses anything else", () => {
    const dryRun = (value?: string) => catalogueImportQuerySchema.safeParse({ dryRun: value }).data?.dryRun;
    expect([dryRun("1"), dryRun("true"), dryRun("")]).toEqual([true, true, true]);
    expect([dryRun(undefined), dryRun("0"), dryRun("false")]).toEqual([false, false, false]);
    expect(catalogueImportQuerySchema.safeParse({ dryRun: "yes please" }).success).toBe(false);
  });

  it("says the counts as the owner reads them", () => {
    const report = { create: 1, update: 2, skip: 20, errors: [], rows: [] };
    expect(catalogueImportCounts(report, false)).toBe("1 to create, 2 to update, 20 unchanged");
    expect(catalogueImportCounts(report, true)).toBe("1 created, 2 updated, 20 unchanged");
  });
});
