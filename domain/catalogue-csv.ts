import { z } from "zod";
import type { AdminToy, NamedOption } from "./catalog";
import { type CsvRecord, parseCsv, readCsvCell, UTF8_BOM, writeCsvLine } from "./csv";
import { isDatabaseId } from "./ids";
import { optionalSlugSchema, type ProductInput, primaryCategory, productInputSchema, tidyList } from "./product-form";
import { countOf, FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacters } from "./text";
import { uploadedImageHash } from "./upload-urls";
import { wireSchema } from "./wire-schema";

// The whole catalogue as one CSV file (issue 27, decision 059): GET /api/admin/toys.csv writes
// every product outside the trash, drafts too, and POST /api/admin/toys/import reads the same
// columns back (in any order, any subset), previews what each row would do and applies all rows
// at once. Rows are checked by the product form's own schema (product-form.ts); cells are
// formula-safe and lossless (csv.ts writeCsvCell), so export -> import -> export is byte-identical.

export const CATALOGUE_CSV_FILENAME = "toys.csv";
/** The multipart field the import's file comes in. */
export const CATALOGUE_IMPORT_FIELD = "file";
/** The largest import file: 10,000 products with long details fit with room to spare. */
export const CATALOGUE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The most product rows one import takes (the large demo catalogue has 10,022). */
export const CATALOGUE_IMPORT_MAX_ROWS = 20_000;

/** The columns, in the export's order; their names are the API's field names. */
export const CATALOGUE_COLUMNS = [
  "id",
  "name",
  "slug",
  "status",
  "description",
  "details",
  "price",
  "priceDiscount",
  "rating",
  "reviewCount",
  "imageUrl",
  "imageAlt",
  "amazonAsin",
  "retailerItemId",
  "amazonUrl",
  "affiliateUrl",
  "affiliateCode",
  "inStock",
  "isPrimeEligible",
  "isTopPick",
  "materialType",
  "ageRecommendation",
  "suitableFor",
  "categories",
  "breeds",
  "features",
  "priceSource",
  "priceConfirmedAt",
] as const;
export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number];
export type CatalogueCells = Record<CatalogueColumn, string>;

/**
 * Informational: who last confirmed the price and when. An import reads past them: a save that
 * changes the price, sale price or stock is the owner confirming them, stamped at that moment.
 */
export const EXPORT_ONLY_COLUMNS: readonly CatalogueColumn[] = ["priceSource", "priceConfirmedAt"];
/** What an import writes: every column but the id (which matches rows) and the export-only ones. */
const WRITTEN_COLUMNS = CATALOGUE_COLUMNS.filter((c) => c !== "id" && !EXPORT_ONLY_COLUMNS.includes(c));
/** A change to one of these is the owner vouching for the price and stock shown (issue 27). */
const PRICE_COLUMNS: readonly CatalogueColumn[] = ["price", "priceDiscount", "inStock"];

/** Between the items of a list cell (categories, breeds, features); `\|` and `\\` inside an item. */
export const LIST_SEPARATOR = "|";

/** A breed the toy is recommended for, with the owner's note (kept by imports, which do not carry notes). */
export type CatalogueBreedLink = NamedOption & { note: string | null };

/** A product as the CSV holds it: the admin's view of the toy, and the breeds it is recommended for. */
export type CatalogueToy = AdminToy & { breeds: CatalogueBreedLink[] };

/** ["Tug", "Fetch | Tug"] -> "Tug|Fetch \| Tug": items escaped so that any text round-trips. */
export function joinListCell(items: readonly string[]): string {
  return items.map((item) => item.replace(/[\\|]/g, (c) => `\\${c}`)).join(LIST_SEPARATOR);
}

/** The items of a list cell, trimmed, empty ones dropped; a backslash not before | or \ is kept as text. */
export function splitListCell(cell: string): string[] {
  const items: string[] = [];
  let item = "";
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i];
    const next = cell[i + 1];
    if (c === "\\" && (next === "\\" || next === LIST_SEPARATOR)) {
      item += next;
      i += 1;
    } else if (c === LIST_SEPARATOR) {
      items.push(item);
      item = "";
    } else {
      item += c;
    }
  }
  items.push(item);
  return items.map((each) => each.trim()).filter((each) => each !== "");
}

const codeUnitOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const flag = (on: boolean) => (on ? "true" : "false");

/** A product's cells. Categories and breeds by name, in one order, so a file's own order never counts as a change. */
export function catalogueCells(toy: CatalogueToy): CatalogueCells {
  return {
    id: String(toy.id),
    name: toy.name,
    slug: toy.slug,
    status: toy.status,
    description: toy.description,
    details: toy.details,
    price: toy.price,
    priceDiscount: toy.priceDiscount ?? "",
    rating: toy.rating,
    reviewCount: String(toy.reviewCount),
    imageUrl: toy.imageUrl ?? "",
    imageAlt: toy.imageAlt ?? "",
    amazonAsin: toy.amazonAsin ?? "",
    retailerItemId: toy.retailerItemId ?? "",
    amazonUrl: toy.amazonUrl ?? "",
    affiliateUrl: toy.affiliateUrl ?? "",
    affiliateCode: toy.affiliateCode ?? "",
    inStock: flag(toy.inStock),
    isPrimeEligible: flag(toy.isPrimeEligible),
    isTopPick: flag(toy.isTopPick),
    materialType: toy.materialType ?? "",
    ageRecommendation: toy.ageRecommendation ?? "",
    suitableFor: toy.suitableFor ?? "",
    categories: joinListCell(toy.categories.map((c) => c.name).sort(codeUnitOrder)),
    breeds: joinListCell(toy.breeds.map((b) => b.name).sort(codeUnitOrder)),
    features: joinListCell(toy.features),
    priceSource: toy.priceSource ?? "",
    priceConfirmedAt: toy.priceConfirmedAt ?? "",
  };
}

/** The export's first line: the byte order mark and the column names. */
export function catalogueCsvHeader(): string {
  return UTF8_BOM + writeCsvLine(CATALOGUE_COLUMNS);
}

/** One product's line of the export. */
export function catalogueCsvLine(toy: CatalogueToy): string {
  const cells = catalogueCells(toy);
  return writeCsvLine(CATALOGUE_COLUMNS.map((column) => cells[column]));
}

// ---- reading a file --------------------------------------------------------------------------

/** A row of an import: the cells of the columns the file has, each as the owner wrote it (guard apostrophe undone). */
export interface CatalogueRow {
  line: number;
  cells: Partial<CatalogueCells>;
}

/** A problem with one row, by the line it starts on (the header is line 1). */
export interface CatalogueRowError {
  line: number;
  message: string;
}

export type CatalogueFile =
  | { ok: true; columns: CatalogueColumn[]; rows: CatalogueRow[]; errors: CatalogueRowError[] }
  | { ok: false; refusal: "unreadable" | "too-large"; message: string };

const COLUMN_BY_NAME = new Map<string, CatalogueColumn>(CATALOGUE_COLUMNS.map((c) => [c.toLowerCase(), c]));

function unreadable(message: string): CatalogueFile {
  return { ok: false, refusal: "unreadable", message };
}

/** The header's columns by position (null: a column without a name, read past), or why the header is refused. */
function readHeader(
  record: CsvRecord,
): { ok: true; columns: (CatalogueColumn | null)[] } | { ok: false; message: string } {
  const columns: (CatalogueColumn | null)[] = [];
  const unknown: string[] = [];
  for (const cell of record.cells) {
    const name = cell.trim();
    if (name === "") {
      columns.push(null);
      continue;
    }
    const column = COLUMN_BY_NAME.get(name.toLowerCase());
    if (!column) unknown.push(name);
    else if (columns.includes(column)) return { ok: false, message: `Line 1: the column "${column}" is there twice` };
    columns.push(column ?? null);
  }
  const known = columns.filter((c) => c !== null);
  if (known.length === 0) {
    return {
      ok: false,
      message: `Line 1 must name the columns, as the export does: ${CATALOGUE_COLUMNS.join(", ")}`,
    };
  }
  if (unknown.length > 0) {
    return {
      ok: false,
      message: `Line 1: unknown ${unknown.length === 1 ? "column" : "columns"} ${unknown.map((n) => `"${n}"`).join(", ")}. The columns are: ${CATALOGUE_COLUMNS.join(", ")}`,
    };
  }
  return { ok: true, columns };
}

/**
 * An import file's rows: UTF-8 text (a byte order mark is fine), RFC 4180, its first line naming
 * the columns. Blank lines (empty cells only, as spreadsheets leave them) are read past; a row with
 * more or fewer cells than the header is an error of that row. A file that cannot be read as such
 * is refused whole.
 */
export function readCatalogueCsv(bytes: Uint8Array): CatalogueFile {
  if (bytes.length > CATALOGUE_IMPORT_MAX_BYTES) {
    return {
      ok: false,
      refusal: "too-large",
      message: `The file is larger than ${CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB`,
    };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return unreadable('The file is not UTF-8 text: save it as "CSV UTF-8" and try again');
  }
  if (text.includes("\u0000")) return unreadable("This is not a CSV file: it holds binary data");
  const parsed = parseCsv(text);
  if (!parsed.ok) return unreadable(parsed.message);
  const [first, ...records] = parsed.records;
  if (!first) return unreadable("The file is empty: its first line must name the columns");
  const header = readHeader(first);
  if (!header.ok) return unreadable(header.message);
  const named = header.columns.filter((c) => c !== null);
  const rows: CatalogueRow[] = [];
  const errors: CatalogueRowError[] = [];
  for (const record of records) {
    if (record.cells.every((cell) => cell === "")) continue;
    if (rows.length + errors.length >= CATALOGUE_IMPORT_MAX_ROWS) {
      return {
        ok: false,
        refusal: "too-large",
        message: `The file has more than ${CATALOGUE_IMPORT_MAX_ROWS.toLocaleString("en-US")} products: import it in parts`,
      };
    }
    if (record.cells.length !== header.columns.length) {
      errors.push({
        line: record.line,
        message: `The row has ${countOf(record.cells.length, "cell")}, but line 1 names ${countOf(header.columns.length, "column")}`,
      });
      continue;
    }
    const cells: Partial<CatalogueCells> = {};
    header.columns.forEach((column, i) => {
      if (column) cells[column] = readCsvCell(record.cells[i] ?? "");
    });
    rows.push({ line: record.line, cells });
  }
  return { ok: true, columns: named, rows, errors };
}

// ---- a row as a product ----------------------------------------------------------------------

/** The categories and breeds a row may name, looked up by name (case does not matter). */
export interface CatalogueNames {
  categories: readonly NamedOption[];
  breeds: readonly NamedOption[];
}

type RowInput =
  | { ok: true; input: ProductInput; slug: string | undefined; categories: NamedOption[]; breeds: NamedOption[] }
  | { ok: false; errors: string[] };

const TRUE_WORDS = new Set(["true", "yes", "1"]);
const FALSE_WORDS = new Set(["false", "no", "0"]);

/** A yes/no cell: true/false (any case, as spreadsheets rewrite them), yes/no or 1/0; empty is left out (the default). */
function readFlag(cells: CatalogueCells, column: CatalogueColumn, errors: string[]): boolean | undefined {
  const word = cells[column].trim().toLowerCase();
  if (word === "") return undefined;
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  errors.push(`${column} must be true or false`);
  return undefined;
}

/** The named items, each once, in the row's order; an unknown name is an error, never made silently. */
function readNames(
  cells: CatalogueCells,
  column: "categories" | "breeds",
  known: ReadonlyMap<string, NamedOption>,
  errors: string[],
): NamedOption[] {
  const found = new Map<number, NamedOption>();
  for (const name of splitListCell(cells[column])) {
    const option = known.get(name.toLowerCase());
    if (!option) errors.push(`Unknown ${column === "categories" ? "category" : "breed"} "${name}"`);
    else found.set(option.id, option);
  }
  return [...found.values()];
}

const byLowerName = (options: readonly NamedOption[]) =>
  new Map(options.map((option) => [option.name.toLowerCase(), option]));

/**
 * A row's cells as the product it describes, checked by the product form's own schema (the
 * API's), with the form's tidying of its comma lists. Empty cells clear optional text and leave
 * out what has a default (status, slug, rating, review count, the yes/no columns). `stored` is
 * the product the row changes: its legacy category follows the row's as the form's does, and its
 * breed notes stay with the breeds still named.
 */
function rowInput(
  cells: CatalogueCells,
  names: { categories: ReadonlyMap<string, NamedOption>; breeds: ReadonlyMap<string, NamedOption> },
  stored: CatalogueToy | null,
): RowInput {
  const errors: string[] = [];
  for (const column of WRITTEN_COLUMNS) {
    if (hasForbiddenCharacters(cells[column])) errors.push(`${column}: ${FORBIDDEN_CHARACTER_MESSAGE}`);
  }
  const categories = readNames(cells, "categories", names.categories, errors);
  const breeds = readNames(cells, "breeds", names.breeds, errors);
  const notes = new Map(stored?.breeds.map((link) => [link.id, link.note]) ?? []);
  const categoryIds = categories.map((c) => c.id);
  const optional = (text: string) => (text.trim() === "" ? undefined : text);
  const product = productInputSchema.safeParse({
    name: cells.name,
    description: cells.description,
    details: cells.details,
    price: cells.price,
    priceDiscount: cells.priceDiscount,
    rating: optional(cells.rating),
    reviewCount: cells.reviewCount,
    imageUrl: cells.imageUrl,
    imageAlt: cells.imageAlt,
    amazonAsin: cells.amazonAsin,
    retailerItemId: cells.retailerItemId,
    amazonUrl: cells.amazonUrl,
    affiliateUrl: cells.affiliateUrl,
    affiliateCode: cells.affiliateCode,
    inStock: readFlag(cells, "inStock", errors),
    isPrimeEligible: readFlag(cells, "isPrimeEligible", errors),
    isTopPick: readFlag(cells, "isTopPick", errors),
    materialType: cells.materialType,
    ageRecommendation: tidyList(cells.ageRecommendation),
    suitableFor: tidyList(cells.suitableFor),
    features: splitListCell(cells.features),
    categoryId: primaryCategory(categoryIds, stored?.categoryId ?? null),
    selectedCategories: categoryIds,
    breedRecommendations: breeds.map((breed) => ({ breedId: breed.id, note: notes.get(breed.id) ?? null })),
    status: optional(cells.status.trim().toLowerCase()),
  });
  const slug = optionalSlugSchema.safeParse({ slug: cells.slug });
  if (!product.success) errors.push(...product.error.issues.map((issue) => issue.message));
  if (!slug.success) errors.push(...slug.error.issues.map((issue) => issue.message));
  if (errors.length > 0 || !product.success || !slug.success) return { ok: false, errors: [...new Set(errors)] };
  return { ok: true, input: product.data, slug: slug.data.slug, categories, breeds };
}

/** The product as it will be once the row is saved (what the next export would write for it). */
function savedToy(stored: CatalogueToy, row: Extract<RowInput, { ok: true }>): CatalogueToy {
  const { input } = row;
  return {
    ...stored,
    name: input.name,
    slug: row.slug ?? stored.slug,
    status: input.status ?? stored.status,
    description: input.description,
    details: input.details,
    price: input.price,
    priceDiscount: input.priceDiscount,
    rating: input.rating,
    reviewCount: input.reviewCount,
    imageUrl: input.imageUrl,
    // the media library keeps an uploaded image's alt text; an image at another address has none
    imageAlt: uploadedImageHash(input.imageUrl) === null ? null : (input.imageAlt ?? null),
    amazonAsin: input.amazonAsin,
    retailerItemId: input.retailerItemId,
    amazonUrl: input.amazonUrl,
    affiliateUrl: input.affiliateUrl,
    affiliateCode: input.affiliateCode,
    inStock: input.inStock,
    isPrimeEligible: input.isPrimeEligible,
    isTopPick: input.isTopPick,
    materialType: input.materialType,
    ageRecommendation: input.ageRecommendation,
    suitableFor: input.suitableFor,
    features: input.features,
    categories: row.categories,
    breeds: row.breeds.map((breed) => ({ ...breed, note: null })),
  };
}

const sameCells = (a: CatalogueCells, b: CatalogueCells, columns: readonly CatalogueColumn[]) =>
  columns.every((column) => a[column] === b[column]);
const EMPTY_CELLS = Object.fromEntries(CATALOGUE_COLUMNS.map((c) => [c, ""])) as CatalogueCells;

// ---- the plan ----------------------------------------------------------------------------------

export const CATALOGUE_IMPORT_ACTIONS = ["create", "update", "skip"] as const;
export type CatalogueImportAction = (typeof CATALOGUE_IMPORT_ACTIONS)[number];

/** What an import does (or, with ?dryRun=1, would do): its counts, the rows' errors, and each good row's action. */
export const catalogueImportReportSchema = wireSchema(() =>
  z.object({
    create: z.number().int().nonnegative(),
    update: z.number().int().nonnegative(),
    skip: z.number().int().nonnegative(),
    /** by the line each row starts on (the header is line 1; a quoted cell's line breaks count) */
    errors: z.array(z.object({ line: z.number().int().positive(), message: z.string() })),
    /** every row without an error; `id` is the product's (a created one's once the import is applied) */
    rows: z.array(
      z.object({
        line: z.number().int().positive(),
        action: z.enum(CATALOGUE_IMPORT_ACTIONS),
        id: z.number().int().positive().optional(),
        name: z.string(),
      }),
    ),
  }),
);
export type CatalogueImportReport = z.infer<typeof catalogueImportReportSchema>;

/** 422: a row has an error, so nothing was written; the report says which and what the rest would do. */
export const catalogueImportRefusalSchema = wireSchema(() =>
  catalogueImportReportSchema.extend({ message: z.string() }),
);

/** `?dryRun=1` (or `true`, or the bare `?dryRun`): preview only; a write is never guessed from an odd value. */
export const catalogueImportQuerySchema = wireSchema(() =>
  z.object({
    dryRun: z
      .enum(["1", "0", "true", "false", ""], { error: "dryRun must be 1 (preview only) or 0" })
      .optional()
      .transform((value) => value !== undefined && value !== "0" && value !== "false"),
  }),
);

/** One save an applied import makes: a new product (no id), or product `id` with the row's fields. */
export interface CatalogueSave {
  line: number;
  id?: number;
  input: ProductInput;
  slug?: string;
  /** stamps the price and stock as the owner's, now: a new product, or a changed price, sale price or stock */
  confirmPrice: boolean;
}

/** What the import would find: the products outside the trash, the names a row may use, and the slugs in use. */
export interface CatalogueSnapshot {
  toys: readonly CatalogueToy[];
  /** products in the trash: a row naming one is an error, not a new product */
  trashedIds: ReadonlySet<number>;
  names: CatalogueNames;
  /** every slug a product has or had (in the trash too), with that product's id */
  slugOwners: ReadonlyMap<string, number>;
}

export interface CatalogueImportPlan {
  report: CatalogueImportReport;
  saves: CatalogueSave[];
}

const SLUG_TAKEN = "A product with this slug already exists";

/**
 * What each row does: it changes the product its id names, else the one with its ASIN (outside
 * the trash), else it adds a product; a row that would change nothing is skipped. A column the
 * file leaves out keeps the product's value (a new product gets the form's defaults). Errors are
 * per row, by line; rows with errors are in no count.
 */
export function planCatalogueImport(
  file: Extract<CatalogueFile, { ok: true }>,
  snapshot: CatalogueSnapshot,
): CatalogueImportPlan {
  const byId = new Map(snapshot.toys.map((toy) => [toy.id, toy]));
  const byAsin = new Map<string, CatalogueToy[]>();
  for (const toy of snapshot.toys) {
    const asin = toy.amazonAsin?.trim().toUpperCase();
    if (asin) byAsin.set(asin, [...(byAsin.get(asin) ?? []), toy]);
  }
  const names = { categories: byLowerName(snapshot.names.categories), breeds: byLowerName(snapshot.names.breeds) };
  const changedBy = new Map<number, number>();
  const newAsins = new Map<string, number>();
  const slugsGiven = new Map<string, number>();
  const errors: CatalogueRowError[] = [...file.errors];
  const rows: CatalogueImportReport["rows"] = [];
  const saves: CatalogueSave[] = [];

  for (const { line, cells: given } of file.rows) {
    const problems: string[] = [];
    let stored: CatalogueToy | null = null;
    const idText = given.id?.trim() ?? "";
    const asinText = given.amazonAsin?.trim() ?? "";
    if (idText !== "") {
      if (!isDatabaseId(idText)) problems.push("id must be a product's id (a whole number), or empty to add a product");
      else {
        stored = byId.get(Number(idText)) ?? null;
        if (!stored) {
          problems.push(
            snapshot.trashedIds.has(Number(idText))
              ? `Product ${idText} is in the trash: restore it first, or empty the id to add it as a new product`
              : `No product has the id ${idText}: empty the id to add it as a new product`,
          );
        }
      }
    } else if (asinText !== "") {
      const found = byAsin.get(asinText.toUpperCase()) ?? [];
      if (found.length > 1)
        problems.push(`${found.length} products have the ASIN ${asinText}: write the id of the one to change`);
      stored = found.length === 1 ? (found[0] ?? null) : null;
    }
    if (stored) {
      const earlier = changedBy.get(stored.id);
      if (earlier !== undefined) problems.push(`Line ${earlier} already changes product ${stored.id}`);
      else changedBy.set(stored.id, line);
    }
    // a row that cannot say which product it is about is not checked as any product's
    if (problems.length > 0) {
      errors.push(...problems.map((message) => ({ line, message })));
      continue;
    }

    const storedCells = stored ? catalogueCells(stored) : null;
    const cells: CatalogueCells = { ...EMPTY_CELLS, ...storedCells, ...given };
    if (stored && storedCells && sameCells(cells, storedCells, WRITTEN_COLUMNS)) {
      rows.push({ line, action: "skip", id: stored.id, name: stored.name });
      continue;
    }

    const row = rowInput(cells, names, stored);
    if (!row.ok) problems.push(...row.errors);
    else {
      if (row.slug !== undefined && row.slug !== stored?.slug) {
        const owner = snapshot.slugOwners.get(row.slug);
        const earlier = slugsGiven.get(row.slug);
        if (owner !== undefined && owner !== stored?.id) problems.push(`${SLUG_TAKEN}: ${row.slug}`);
        else if (earlier !== undefined) problems.push(`Line ${earlier} already gives a product the slug ${row.slug}`);
        else slugsGiven.set(row.slug, line);
      }
      const asin = row.input.amazonAsin?.toUpperCase();
      if (!stored && asin) {
        const earlier = newAsins.get(asin);
        if (earlier !== undefined)
          problems.push(`Line ${earlier} already adds a product with the ASIN ${row.input.amazonAsin}`);
        else newAsins.set(asin, line);
      }
    }
    if (problems.length > 0 || !row.ok) {
      errors.push(...problems.map((message) => ({ line, message })));
      continue;
    }

    if (!stored || !storedCells) {
      rows.push({ line, action: "create", name: row.input.name });
      saves.push({ line, input: row.input, slug: row.slug, confirmPrice: true });
      continue;
    }
    const next = catalogueCells(savedToy(stored, row));
    if (sameCells(next, storedCells, WRITTEN_COLUMNS)) {
      rows.push({ line, action: "skip", id: stored.id, name: stored.name });
      continue;
    }
    // links are replaced only when they change, so unchanged ones keep their ids and dates
    const { selectedCategories, breedRecommendations, ...fields } = row.input;
    const input: ProductInput = {
      ...fields,
      ...(next.categories === storedCells.categories ? {} : { selectedCategories }),
      ...(next.breeds === storedCells.breeds ? {} : { breedRecommendations }),
    };
    rows.push({ line, action: "update", id: stored.id, name: row.input.name });
    saves.push({
      line,
      id: stored.id,
      input,
      slug: row.slug === stored.slug ? undefined : row.slug,
      confirmPrice: !sameCells(next, storedCells, PRICE_COLUMNS),
    });
  }

  errors.sort((a, b) => a.line - b.line);
  const count = (action: CatalogueImportAction) => rows.filter((row) => row.action === action).length;
  return {
    report: { create: count("create"), update: count("update"), skip: count("skip"), errors, rows },
    saves,
  };
}

// ---- what the owner reads ------------------------------------------------------------------------

/** The outcome of an import call, for the API and the products page alike. */
export type CatalogueImportOutcome =
  | { ok: true; dryRun: boolean; report: CatalogueImportReport }
  | {
      ok: false;
      /** too-large 413, unreadable 400, rows 422 (with the report), conflict 409 (the catalogue changed meanwhile) */
      refusal: "too-large" | "unreadable" | "rows" | "conflict";
      message: string;
      report?: CatalogueImportReport;
    };

export const CATALOGUE_IMPORT_STATUS = { "too-large": 413, unreadable: 400, rows: 422, conflict: 409 } as const;

/** "1 to create, 2 to update, 20 unchanged" (a preview) or "1 created, 2 updated, 20 unchanged" (done). */
export function catalogueImportCounts(report: CatalogueImportReport, done: boolean): string {
  return [
    `${report.create} ${done ? "created" : "to create"}`,
    `${report.update} ${done ? "updated" : "to update"}`,
    `${report.skip} unchanged`,
  ].join(", ");
}

/** The 422's message: how many rows are wrong, and that nothing was written. */
export function catalogueImportRefusalMessage(report: CatalogueImportReport): string {
  const lines = new Set(report.errors.map((error) => error.line)).size;
  return `${countOf(lines, "row has", "rows have")} errors: nothing was imported. Correct ${lines === 1 ? "it" : "them"} and import the file again.`;
}
