import { and, eq, inArray, isNotNull, isNull, like, ne } from "drizzle-orm";
import type { AdminToy, ToyBreedLink, ToyCategoryLink } from "#domain/catalog.ts";
import type { CatalogueSave } from "#domain/catalogue-csv.ts";
import { ALREADY_RECOMMENDED, type ProductInput } from "#domain/product-form.ts";
import type { ProductBulkInput, ProductBulkResult } from "#domain/product-list.ts";
import { slugify, uniqueSlug } from "#domain/slug.ts";
import { uploadedImageHash } from "#domain/upload-urls.ts";
import type { Database } from "#server/db/client.ts";
import {
  breedRecommendations,
  breeds,
  categories,
  media,
  toyCategories,
  toySlugHistory,
  toys,
} from "#server/db/schema.ts";
import type { CatalogService } from "./catalog.service";
import { constraintName, ServiceError, sqlState, UNIQUE_VIOLATION } from "./service-error";
import { type PurgeWhich, purgeCondition } from "./trash.service";

type Executor = Pick<Database, "select" | "insert" | "delete" | "update">;

const SLUG_TAKEN = "A product with this slug already exists";
/** What a duplicate's name ends with; the name stays within the form's 200 characters. */
const COPY_SUFFIX = " (copy)";
const MAX_NAME_LENGTH = 200;

/** Ids from `wanted` that are not rows of the table, so a save can name what it refused. */
async function missingIds(executor: Executor, table: typeof categories | typeof breeds, wanted: readonly number[]) {
  if (wanted.length === 0) return [];
  const found = await executor
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, [...wanted]));
  const known = new Set(found.map((row) => row.id));
  return [...new Set(wanted)].filter((id) => !known.has(id));
}

/**
 * Creating, changing and deleting products with their categories and breed links (admin).
 * A toy's page address (slug) is made from its name once and kept when the name changes; an
 * explicitly changed slug leaves the old one as a redirect (toy_slug_history).
 */
export function createProductEditorService(db: Database, catalog: CatalogService, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());

  /** Slugs starting with `base` that a toy has now or had before, but `exceptToy`'s. */
  async function slugsLike(executor: Executor, base: string, exceptToy?: number): Promise<Set<string>> {
    const pattern = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const [current, earlier] = await Promise.all([
      executor
        .select({ slug: toys.slug })
        .from(toys)
        .where(
          exceptToy === undefined ? like(toys.slug, pattern) : and(like(toys.slug, pattern), ne(toys.id, exceptToy)),
        ),
      executor
        .select({ slug: toySlugHistory.slug })
        .from(toySlugHistory)
        .where(
          exceptToy === undefined
            ? like(toySlugHistory.slug, pattern)
            : and(like(toySlugHistory.slug, pattern), ne(toySlugHistory.toyId, exceptToy)),
        ),
    ]);
    return new Set([...current, ...earlier].map((row) => row.slug));
  }

  /** A new toy's slug: the one asked for (refused when taken), or one made from the name. */
  async function slugForNewToy(executor: Executor, name: string, asked: string | undefined): Promise<string> {
    if (asked) {
      if ((await slugsLike(executor, asked)).has(asked)) throw new ServiceError("conflict", SLUG_TAKEN, "slug");
      return asked;
    }
    const base = slugify(name);
    const taken = await slugsLike(executor, base || "toy");
    return uniqueSlug(base, (slug) => taken.has(slug), "toy");
  }

  /** Moves a toy to a new slug and keeps the old one as a redirect; a slug another toy uses or used is refused. */
  async function changeSlug(executor: Executor, toyId: number, current: string, next: string) {
    if (next === current) return;
    if ((await slugsLike(executor, next, toyId)).has(next)) throw new ServiceError("conflict", SLUG_TAKEN, "slug");
    // the new slug may be one this toy had before: it is current again, not a redirect
    await executor.delete(toySlugHistory).where(eq(toySlugHistory.slug, next));
    await executor.insert(toySlugHistory).values({ slug: current, toyId }).onConflictDoNothing();
    await executor.update(toys).set({ slug: next }).where(eq(toys.id, toyId));
  }

  // Two saves racing for one slug: the unique index decides, and the loser hears why.
  async function write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (sqlState(error) === UNIQUE_VIOLATION && constraintName(error)?.includes("slug")) {
        throw new ServiceError("conflict", SLUG_TAKEN, "slug");
      }
      throw error;
    }
  }
  /**
   * The toy row's columns of an input; a status left out (the spec's clients send none) keeps the
   * stored one. A save is the owner vouching for the price and stock it shows, so it confirms them
   * now (issue 27: prices carry the time they were confirmed); an import's row that leaves them as
   * they were (`confirmPrice` false) keeps the source and time they have.
   */
  function toyValues(input: ProductInput, at: Date, confirmPrice = true) {
    const { selectedCategories: _categories, breedRecommendations: _breeds, imageAlt: _alt, status, ...fields } = input;
    const stamped = confirmPrice
      ? { priceConfirmedAt: at, priceSource: "owner" as const, updatedAt: at }
      : { updatedAt: at };
    return status === undefined ? { ...fields, ...stamped } : { ...fields, status, ...stamped };
  }

  /**
   * The alt text written beside the image, kept with the uploaded image in the media library
   * (where every read of the toy finds it) in the save's own transaction; an image at another
   * address has no library entry, and an input without one keeps what the library has.
   */
  async function keepAltText(executor: Executor, input: ProductInput) {
    const hash = uploadedImageHash(input.imageUrl);
    if (input.imageAlt === undefined || hash === null) return;
    await executor.update(media).set({ altText: input.imageAlt }).where(eq(media.hash, hash));
  }

  async function assertReferences(executor: Executor, input: ProductInput) {
    const legacy = input.categoryId === null ? [] : [input.categoryId];
    const unknownCategories = await missingIds(executor, categories, [...(input.selectedCategories ?? []), ...legacy]);
    if (unknownCategories.length > 0) {
      throw new ServiceError("invalid", `Unknown category: ${unknownCategories.join(", ")}`, "selectedCategories");
    }
    const breedIds = input.breedRecommendations?.map((r) => r.breedId) ?? [];
    const unknownBreeds = await missingIds(executor, breeds, breedIds);
    if (unknownBreeds.length > 0) {
      throw new ServiceError("invalid", `Unknown breed: ${unknownBreeds.join(", ")}`, "breedRecommendations");
    }
  }

  /** Replaces the toy's categories and breed links with the input's, when the input has them. */
  async function replaceLinks(executor: Executor, toyId: number, input: ProductInput) {
    if (input.selectedCategories) {
      await executor.delete(toyCategories).where(eq(toyCategories.toyId, toyId));
      const unique = [...new Set(input.selectedCategories)];
      if (unique.length > 0)
        await executor.insert(toyCategories).values(unique.map((categoryId) => ({ toyId, categoryId })));
    }
    if (input.breedRecommendations) {
      await executor.delete(breedRecommendations).where(eq(breedRecommendations.toyId, toyId));
      if (input.breedRecommendations.length > 0) {
        await executor
          .insert(breedRecommendations)
          .values(input.breedRecommendations.map(({ breedId, note }) => ({ toyId, breedId, note })));
      }
    }
  }

  /** Stores a new product with its links; its id. */
  async function createIn(executor: Executor, input: ProductInput, slug: string | undefined): Promise<number> {
    await assertReferences(executor, input);
    const [row] = await executor
      .insert(toys)
      .values({ ...toyValues(input, now()), slug: await slugForNewToy(executor, input.name, slug) })
      .returning({ id: toys.id });
    if (!row) throw new Error("toy was not stored");
    await replaceLinks(executor, row.id, input);
    await keepAltText(executor, input);
    return row.id;
  }

  /** Replaces a product's fields (and its links when given); false when there is no such product outside the trash. */
  async function updateIn(
    executor: Executor,
    id: number,
    input: ProductInput,
    options: { slug?: string; confirmPrice?: boolean },
  ): Promise<boolean> {
    await assertReferences(executor, input);
    const [row] = await executor
      .update(toys)
      .set(toyValues(input, now(), options.confirmPrice))
      .where(and(eq(toys.id, id), isNull(toys.deletedAt)))
      .returning({ id: toys.id, slug: toys.slug });
    if (!row) return false;
    if (options.slug) await changeSlug(executor, id, row.slug, options.slug);
    await replaceLinks(executor, id, input);
    await keepAltText(executor, input);
    return true;
  }

  async function requireToy(toyId: number) {
    const [toy] = await db
      .select({ id: toys.id })
      .from(toys)
      .where(and(eq(toys.id, toyId), isNull(toys.deletedAt)));
    if (!toy) throw new ServiceError("not-found", "Product not found");
  }

  async function loaded(toyId: number): Promise<AdminToy> {
    const toy = await catalog.getToyForEditing(toyId);
    if (!toy) throw new Error(`toy ${toyId} vanished after saving`);
    return toy;
  }

  return {
    /**
     * Stores a product with its categories and breed links in one transaction. Its slug is
     * `options.slug`, or made from the name (made unique with -2, -3…); it is published unless
     * the input says draft.
     */
    async create(input: ProductInput, options: { slug?: string } = {}): Promise<AdminToy> {
      const id = await write(() => db.transaction((tx) => createIn(tx, input, options.slug)));
      return loaded(id);
    },

    /**
     * Replaces a product's fields (and its links when given) in one transaction; null when
     * there is no such product. The slug stays unless `options.slug` changes it.
     */
    async update(id: number, input: ProductInput, options: { slug?: string } = {}): Promise<AdminToy | null> {
      const updated = await write(() => db.transaction((tx) => updateIn(tx, id, input, options)));
      return updated ? loaded(id) : null;
    },

    /**
     * Many products at once, all or nothing, in one transaction (the catalogue's CSV import):
     * each save creates a product (no id) or changes one, as create and update do, except that
     * a change stamps the price as the owner's only when `confirmPrice` says it changed. The
     * ids of the products made, in the saves' order. A product gone meanwhile refuses the whole.
     */
    async saveAll(saves: readonly CatalogueSave[]): Promise<{ created: number[]; updated: number[] }> {
      return write(() =>
        db.transaction(async (tx) => {
          const created: number[] = [];
          const updated: number[] = [];
          for (const save of saves) {
            if (save.id === undefined) {
              created.push(await createIn(tx, save.input, save.slug));
            } else if (await updateIn(tx, save.id, save.input, save)) {
              updated.push(save.id);
            } else {
              throw new ServiceError("not-found", `Product ${save.id} is gone (deleted meanwhile)`);
            }
          }
          return { created, updated };
        }),
      );
    },

    /**
     * Moves a product to the trash: invisible to visitors, its categories, breed links and
     * click history kept for a restore; false when there was none (or it already is there).
     */
    async remove(id: number): Promise<boolean> {
      const gone = await db
        .update(toys)
        .set({ deletedAt: now() })
        .where(and(eq(toys.id, id), isNull(toys.deletedAt)))
        .returning({ id: toys.id });
      return gone.length > 0;
    },

    /** Brings a product back from the trash with everything it had; false when it is not there. */
    async restore(id: number): Promise<boolean> {
      const back = await db
        .update(toys)
        .set({ deletedAt: null })
        .where(and(eq(toys.id, id), isNotNull(toys.deletedAt)))
        .returning({ id: toys.id });
      return back.length > 0;
    },

    /**
     * Deletes products in the trash for good (their categories and breed links go with them;
     * their clicks stay in the totals): one, those deleted more than `olderThanDays` ago, or all.
     */
    async purge(which: PurgeWhich): Promise<number> {
      const conditions = [isNotNull(toys.deletedAt), purgeCondition(which, toys.id, toys.deletedAt, now())];
      const gone = await db
        .delete(toys)
        .where(and(...conditions))
        .returning({ id: toys.id });
      return gone.length;
    },

    /** Attaches one category (spec's step-by-step save). */
    async addCategory(toyId: number, categoryId: number): Promise<ToyCategoryLink> {
      await requireToy(toyId);
      if ((await missingIds(db, categories, [categoryId])).length > 0) {
        throw new ServiceError("invalid", `Unknown category: ${categoryId}`, "categoryId");
      }
      try {
        const [row] = await db.insert(toyCategories).values({ toyId, categoryId }).returning();
        if (!row) throw new Error("category link was not stored");
        return row;
      } catch (error) {
        if (sqlState(error) === UNIQUE_VIOLATION) {
          throw new ServiceError("conflict", "This category is already attached to the product", "categoryId");
        }
        throw error;
      }
    },

    /** Removes every category of a product; how many it had. */
    async removeCategories(toyId: number): Promise<number> {
      await requireToy(toyId);
      const gone = await db
        .delete(toyCategories)
        .where(eq(toyCategories.toyId, toyId))
        .returning({ categoryId: toyCategories.categoryId });
      return gone.length;
    },

    /** Removes every breed recommendation of a product; how many it had. */
    async removeBreedLinks(toyId: number): Promise<number> {
      await requireToy(toyId);
      const gone = await db
        .delete(breedRecommendations)
        .where(eq(breedRecommendations.toyId, toyId))
        .returning({ id: breedRecommendations.id });
      return gone.length;
    },

    /** Recommends a product for a breed; a second link for the same pair is a conflict. */
    async addBreedLink(input: { toyId: number; breedId: number; note: string | null }): Promise<ToyBreedLink> {
      await requireToy(input.toyId);
      const [breed] = await db
        .select({ id: breeds.id, name: breeds.name })
        .from(breeds)
        .where(eq(breeds.id, input.breedId));
      if (!breed) throw new ServiceError("invalid", `Unknown breed: ${input.breedId}`, "breedId");
      try {
        const [row] = await db.insert(breedRecommendations).values(input).returning();
        if (!row) throw new Error("breed recommendation was not stored");
        return { id: row.id, breedId: row.breedId, toyId: row.toyId, note: row.note, breed };
      } catch (error) {
        if (sqlState(error) === UNIQUE_VIOLATION)
          throw new ServiceError("conflict", ALREADY_RECOMMENDED.description, "breedId");
        throw error;
      }
    },

    /** Removes one breed recommendation: which product and breed it linked, or null when there was none. */
    async removeBreedLink(id: number): Promise<{ toyId: number; breedId: number } | null> {
      const [gone] = await db
        .delete(breedRecommendations)
        .where(eq(breedRecommendations.id, id))
        .returning({ toyId: breedRecommendations.toyId, breedId: breedRecommendations.breedId });
      return gone ?? null;
    },

    /**
     * One action on several products at once, all or nothing: to the trash, top pick on or off,
     * in or out of stock. An id that is not a product outside the trash refuses the whole call,
     * naming it, so the owner never acts on fewer products than chosen without knowing.
     */
    async bulk(input: ProductBulkInput): Promise<ProductBulkResult> {
      const ids = [...new Set(input?.ids ?? [])];
      if (ids.length === 0) throw new ServiceError("invalid", "Select at least one product", "ids");
      const count = await db.transaction(async (tx) => {
        const found = await tx
          .select({ id: toys.id })
          .from(toys)
          .where(and(inArray(toys.id, ids), isNull(toys.deletedAt)));
        const known = new Set(found.map((row) => row.id));
        const unknown = ids.filter((id) => !known.has(id));
        if (unknown.length > 0) throw new ServiceError("invalid", `Unknown product: ${unknown.join(", ")}`, "ids");
        const chosen = and(inArray(toys.id, ids), isNull(toys.deletedAt));
        const at = now();
        const changes =
          input.action === "delete"
            ? { deletedAt: at }
            : input.action === "top-pick-on" || input.action === "top-pick-off"
              ? { isTopPick: input.action === "top-pick-on", updatedAt: at }
              : // the owner marking stock vouches for it, as a save does
                {
                  inStock: input.action === "in-stock",
                  priceConfirmedAt: at,
                  priceSource: "owner" as const,
                  updatedAt: at,
                };
        const changed = await tx.update(toys).set(changes).where(chosen).returning({ id: toys.id });
        return changed.length;
      });
      return { action: input.action, count };
    },

    /**
     * A copy of a product, named "{name} (copy)", with its categories and breed notes, under a
     * new slug made from that name; null when there is no such product. The copy is a draft and
     * not a top pick, whatever the original is: visitors never meet a half-edited "(copy)" in the
     * catalogue, on breed pages, in the sitemap or the quiz until the owner publishes it.
     */
    async duplicate(id: number): Promise<AdminToy | null> {
      const copyId = await write(() =>
        db.transaction(async (tx) => {
          const [original] = await tx
            .select()
            .from(toys)
            .where(and(eq(toys.id, id), isNull(toys.deletedAt)));
          if (!original) return null;
          const {
            id: _id,
            slug: _slug,
            deletedAt: _deletedAt,
            priceValue: _priceValue,
            ratingValue: _ratingValue,
            ...fields
          } = original;
          const name = `${original.name.slice(0, MAX_NAME_LENGTH - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
          const slug = await slugForNewToy(tx, name, undefined);
          const [row] = await tx
            .insert(toys)
            .values({ ...fields, name, slug, isTopPick: false, status: "draft", updatedAt: now() })
            .returning({ id: toys.id });
          if (!row) throw new Error("copy was not stored");
          const [links, notes] = await Promise.all([
            tx.select({ categoryId: toyCategories.categoryId }).from(toyCategories).where(eq(toyCategories.toyId, id)),
            tx
              .select({ breedId: breedRecommendations.breedId, note: breedRecommendations.note })
              .from(breedRecommendations)
              .where(eq(breedRecommendations.toyId, id)),
          ]);
          if (links.length > 0)
            await tx.insert(toyCategories).values(links.map((link) => ({ ...link, toyId: row.id })));
          if (notes.length > 0) {
            await tx.insert(breedRecommendations).values(notes.map((note) => ({ ...note, toyId: row.id })));
          }
          return row.id;
        }),
      );
      return copyId === null ? null : loaded(copyId);
    },

    /**
     * Points a product's retailer link at another address ("Use this URL" of the link check, issue
     * 27), only while the link is still `from`: a page shown before the owner edited the link
     * cannot undo that edit. Refused (not-found, conflict) when there is no such product or the link changed.
     */
    async replaceLink(id: number, change: { from: string; to: string }): Promise<AdminToy> {
      const [row] = await db
        .update(toys)
        .set({ amazonUrl: change.to })
        .where(and(eq(toys.id, id), isNull(toys.deletedAt), eq(toys.amazonUrl, change.from)))
        .returning({ id: toys.id });
      if (row) return loaded(row.id);
      await requireToy(id);
      throw new ServiceError("conflict", "The product's link changed since it was checked: check the links again.");
    },
  };
}

export type ProductEditorService = ReturnType<typeof createProductEditorService>;
