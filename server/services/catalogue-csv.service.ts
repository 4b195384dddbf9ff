import { isNotNull } from "drizzle-orm";
import {
  type CatalogueImportOutcome,
  type CatalogueSnapshot,
  catalogueCsvHeader,
  catalogueCsvLine,
  catalogueImportRefusalMessage,
  planCatalogueImport,
  readCatalogueCsv,
} from "#domain/catalogue-csv.ts";
import type { Database } from "#server/db/client.ts";
import { breeds, categories, toySlugHistory, toys } from "#server/db/schema.ts";
import type { CatalogService } from "./catalog.service";
import type { ProductEditorService } from "./product-editor.service";
import { ServiceError } from "./service-error";

/**
 * The whole catalogue as CSV (issue 27, decision 059): the export, and the import that previews
 * or applies a file of the same columns. The rows are planned and checked in memory against the
 * catalogue as it is (domain/catalogue-csv.ts); the saves go through the product editor, all in
 * one transaction.
 */
export function createCatalogueCsvService(
  db: Database,
  {
    catalog,
    productEditor,
  }: { catalog: Pick<CatalogService, "listCatalogueToys">; productEditor: Pick<ProductEditorService, "saveAll"> },
) {
  async function snapshot(): Promise<CatalogueSnapshot> {
    const [live, trashed, categoryNames, breedNames, currentSlugs, earlierSlugs] = await Promise.all([
      catalog.listCatalogueToys(),
      db.select({ id: toys.id }).from(toys).where(isNotNull(toys.deletedAt)),
      db.select({ id: categories.id, name: categories.name }).from(categories),
      db.select({ id: breeds.id, name: breeds.name }).from(breeds),
      db.select({ slug: toys.slug, id: toys.id }).from(toys),
      db.select({ slug: toySlugHistory.slug, id: toySlugHistory.toyId }).from(toySlugHistory),
    ]);
    return {
      toys: live,
      trashedIds: new Set(trashed.map((row) => row.id)),
      names: { categories: categoryNames, breeds: breedNames },
      slugOwners: new Map([...currentSlugs, ...earlierSlugs].map((row) => [row.slug, row.id])),
    };
  }

  return {
    /** Every product outside the trash, drafts too, by id: the CSV text and how many products it holds. */
    async exportCsv(): Promise<{ csv: string; rows: number }> {
      const all = await catalog.listCatalogueToys();
      return { csv: catalogueCsvHeader() + all.map(catalogueCsvLine).join(""), rows: all.length };
    },

    /**
     * Reads a CSV file of the export's columns and says what each row does (`dryRun`), or does
     * it: every row saved in one transaction, or, when any row has an error, none. A created
     * product's id is in its row of the answer.
     */
    async importCsv(bytes: Uint8Array, options: { dryRun: boolean }): Promise<CatalogueImportOutcome> {
      const file = readCatalogueCsv(bytes);
      if (!file.ok) return { ok: false, refusal: file.refusal, message: file.message };
      const { report, saves } = planCatalogueImport(file, await snapshot());
      if (options.dryRun) return { ok: true, dryRun: true, report };
      if (report.errors.length > 0) {
        return { ok: false, refusal: "rows", message: catalogueImportRefusalMessage(report), report };
      }
      if (saves.length === 0) return { ok: true, dryRun: false, report };
      let created: number[];
      try {
        ({ created } = await productEditor.saveAll(saves));
      } catch (error) {
        // another change between the plan and the saves (a slug taken, a category or product deleted)
        if (!(error instanceof ServiceError)) throw error;
        return {
          ok: false,
          refusal: "conflict",
          message: `The catalogue changed during the import, so nothing was imported: ${error.message}. Preview the file again.`,
        };
      }
      const createdOnLine = new Map(
        saves.filter((save) => save.id === undefined).map((save, i) => [save.line, created[i]]),
      );
      return {
        ok: true,
        dryRun: false,
        report: {
          ...report,
          rows: report.rows.map((row) => (row.action === "create" ? { ...row, id: createdOnLine.get(row.line) } : row)),
        },
      };
    },
  };
}

export type CatalogueCsvService = ReturnType<typeof createCatalogueCsvService>;
