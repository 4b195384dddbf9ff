import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Category } from "#domain/catalog.ts";
import type { AdminCategory, CategoryInput } from "#domain/category-form.ts";
import { CATEGORY_TEXT, categoryInUseMessage } from "#domain/category-text.ts";
import type { Database } from "#server/db/client.ts";
import { categories, toyCategories, toys } from "#server/db/schema.ts";
import { constraintName, ServiceError, sqlState, UNIQUE_VIOLATION } from "./service-error";

type Executor = Pick<Database, "select" | "insert" | "delete" | "update">;

const publicColumns = {
  id: categories.id,
  name: categories.name,
  description: categories.description,
  icon: categories.icon,
  imageUrl: categories.imageUrl,
};

/**
 * How many products a category has, through a toy_categories link or the legacy single
 * category: outside the trash, or in it (a restore brings their links back, so they count for
 * a delete too). Written out with qualified names: Drizzle leaves them bare inside a subquery.
 */
const countProducts = (inTrash: boolean) =>
  sql<number>`(select count(*) from "toys" t where t."deleted_at" is ${sql.raw(inTrash ? "not null" : "null")}
    and (t."category_id" = "categories"."id"
      or exists (select 1 from "toy_categories" tc where tc."toy_id" = t."id" and tc."category_id" = "categories"."id")))`.mapWith(
    Number,
  );
const productCount = countProducts(false);
const trashedProductCount = countProducts(true);

/** A category of this name exists already (other than `exceptId`), whatever the letter case. */
async function nameTaken(executor: Executor, name: string, exceptId?: number): Promise<boolean> {
  const sameName = sql`lower(${categories.name}) = lower(${name})`;
  const [row] = await executor
    .select({ id: categories.id })
    .from(categories)
    .where(exceptId === undefined ? sameName : and(sameName, ne(categories.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** Two saves racing for one name: the unique index decides, and the loser hears why. */
async function write<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION && constraintName(error)?.includes("name")) {
      throw new ServiceError("conflict", CATEGORY_TEXT.nameTaken, "name");
    }
    throw error;
  }
}

/**
 * The owner's categories (issue 18): create, change, reorder and delete. The storefront lists
 * them in the owner's order (position, then id); a delete never leaves products pointing at a
 * category that is gone without the owner having said where they go.
 */
export function createCategoryEditorService(db: Database) {
  return {
    /** Every category in the owner's order, with its place and how many products it has (the admin list). */
    async listForAdmin(): Promise<AdminCategory[]> {
      return db
        .select({ ...publicColumns, position: categories.position, productCount, trashedProductCount })
        .from(categories)
        .orderBy(asc(categories.position), asc(categories.id));
    },

    /** One category with its place and product count, or null. */
    async getForAdmin(id: number): Promise<AdminCategory | null> {
      const [row] = await db
        .select({ ...publicColumns, position: categories.position, productCount, trashedProductCount })
        .from(categories)
        .where(eq(categories.id, id));
      return row ?? null;
    },

    /** Stores a new category, last in the order unless a position is given. */
    async create(input: CategoryInput): Promise<Category> {
      return write(() =>
        db.transaction(async (tx) => {
          if (await nameTaken(tx, input.name)) throw new ServiceError("conflict", CATEGORY_TEXT.nameTaken, "name");
          const [last] = await tx
            .select({ position: sql<number>`coalesce(max(${categories.position}), 0)`.mapWith(Number) })
            .from(categories);
          const [row] = await tx
            .insert(categories)
            .values({ ...input, position: input.position ?? (last?.position ?? 0) + 1 })
            .returning(publicColumns);
          if (!row) throw new Error("category was not stored");
          return row;
        }),
      );
    },

    /** Replaces a category's fields (its place only when a position is given); null when there is none. */
    async update(id: number, input: CategoryInput): Promise<Category | null> {
      return write(() =>
        db.transaction(async (tx) => {
          if (await nameTaken(tx, input.name, id)) throw new ServiceError("conflict", CATEGORY_TEXT.nameTaken, "name");
          const { position, ...fields } = input;
          const [row] = await tx
            .update(categories)
            .set(position === undefined ? fields : { ...fields, position })
            .where(eq(categories.id, id))
            .returning(publicColumns);
          return row ?? null;
        }),
      );
    },

    /**
     * Puts the categories in the order of `ids`, which must name every category exactly once
     * (anything else would leave the order half-defined); the categories in their new order.
     */
    async reorder(ids: readonly number[]): Promise<Category[]> {
      return db.transaction(async (tx) => {
        const all = await tx.select({ id: categories.id }).from(categories);
        const known = new Set(all.map((row) => row.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
          throw new ServiceError("invalid", CATEGORY_TEXT.order, "ids");
        }
        for (const [index, id] of ids.entries()) {
          await tx
            .update(categories)
            .set({ position: index + 1 })
            .where(eq(categories.id, id));
        }
        return tx.select(publicColumns).from(categories).orderBy(asc(categories.position), asc(categories.id));
      });
    },

    /**
     * Moves one category up or down by one place in the order (the list's buttons); false when
     * there is no such category. At either end it stays where it is.
     */
    async move(id: number, direction: "up" | "down"): Promise<boolean> {
      return db.transaction(async (tx) => {
        const order = await tx
          .select({ id: categories.id })
          .from(categories)
          .orderBy(asc(categories.position), asc(categories.id));
        const from = order.findIndex((row) => row.id === id);
        if (from === -1) return false;
        const to = direction === "up" ? from - 1 : from + 1;
        if (to < 0 || to >= order.length) return true;
        const ids = order.map((row) => row.id);
        [ids[from], ids[to]] = [ids[to] as number, ids[from] as number];
        // positions are rewritten 1..n: older rows all had 0 (ties by id) before the first move
        for (const [index, each] of ids.entries()) {
          await tx
            .update(categories)
            .set({ position: index + 1 })
            .where(eq(categories.id, each));
        }
        return true;
      });
    },

    /**
     * Deletes a category; false when there is none. While products use it (a link or the
     * legacy category) it is refused with a conflict saying so, unless `moveTo` names another
     * category: then their links and legacy category move there first, in the same transaction.
     */
    async remove(id: number, options: { moveTo?: number } = {}): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [category] = await tx
          .select({ id: categories.id, name: categories.name, productCount, trashedProductCount })
          .from(categories)
          .where(eq(categories.id, id));
        if (!category) return false;
        if (category.productCount + category.trashedProductCount > 0) {
          const { moveTo } = options;
          if (moveTo === undefined) {
            throw new ServiceError(
              "conflict",
              categoryInUseMessage(category.name, category.productCount, category.trashedProductCount),
            );
          }
          if (moveTo === id) throw new ServiceError("invalid", CATEGORY_TEXT.moveToSelf, "moveTo");
          const [target] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, moveTo));
          if (!target) throw new ServiceError("invalid", CATEGORY_TEXT.moveToUnknown, "moveTo");
          // a toy linked to both keeps one link: the unique pair would refuse a second
          await tx.execute(sql`insert into "toy_categories" ("toy_id", "category_id")
            select "toy_id", ${moveTo} from "toy_categories" where "category_id" = ${id}
            on conflict do nothing`);
          await tx.delete(toyCategories).where(eq(toyCategories.categoryId, id));
          await tx.update(toys).set({ categoryId: moveTo }).where(eq(toys.categoryId, id));
        }
        const gone = await tx.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
        return gone.length > 0;
      });
    },
  };
}

export type CategoryEditorService = ReturnType<typeof createCategoryEditorService>;
