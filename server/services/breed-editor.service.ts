import { and, asc, eq, like, ne, sql } from "drizzle-orm";
import type { AdminBreed, BreedInput } from "#domain/breed-form.ts";
import { BREED_TEXT, breedInUseMessage } from "#domain/breed-text.ts";
import type { Breed } from "#domain/catalog.ts";
import { slugify, uniqueSlug } from "#domain/slug.ts";
import type { Database } from "#server/db/client.ts";
import { breedRecommendations, breeds } from "#server/db/schema.ts";
import { constraintName, ServiceError, sqlState, UNIQUE_VIOLATION } from "./service-error";

type Executor = Pick<Database, "select" | "insert" | "delete" | "update">;

const publicColumns = {
  id: breeds.id,
  name: breeds.name,
  slug: breeds.slug,
  size: breeds.size,
  description: breeds.description,
  imageUrl: breeds.imageUrl,
  // the library's alt text, as the catalogue's reads add it
  imageAlt: sql<
    string | null
  >`(select "alt_text" from "media" where "hash" = substring("breeds"."image_url" from '^/uploads/([0-9a-f]{64})\\.webp$'))`,
};

/** How many products are recommended for the breed (in the trash too: a restore brings them back). */
const recommendationCount =
  sql<number>`(select count(*) from "breed_recommendations" br where br."breed_id" = "breeds"."id")`.mapWith(Number);

/** A breed of this name exists already (other than `exceptId`), whatever the letter case. */
async function nameTaken(executor: Executor, name: string, exceptId?: number): Promise<boolean> {
  const sameName = sql`lower(${breeds.name}) = lower(${name})`;
  const [row] = await executor
    .select({ id: breeds.id })
    .from(breeds)
    .where(exceptId === undefined ? sameName : and(sameName, ne(breeds.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** Two saves racing for one name or slug: the unique indexes decide, and the loser hears why. */
async function write<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION && constraintName(error)?.includes("name")) {
      throw new ServiceError("conflict", BREED_TEXT.nameTaken, "name");
    }
    if (sqlState(error) === UNIQUE_VIOLATION && constraintName(error)?.includes("slug")) {
      throw new ServiceError(
        "conflict",
        "Another breed was saved with the same name at the same time; try again",
        "name",
      );
    }
    throw error;
  }
}

/**
 * The owner's breeds (issue 18): create, change and delete. A breed's page address is made from
 * its name when it is created and kept when it is renamed, so /breeds/{slug} links keep working.
 */
export function createBreedEditorService(db: Database, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());

  return {
    /** Every breed by name, with how many products are recommended for it (the admin list). */
    async listForAdmin(): Promise<AdminBreed[]> {
      const rows = await db
        .select({ ...publicColumns, recommendationCount })
        .from(breeds)
        .orderBy(asc(breeds.name));
      return rows.map(({ imageAlt: _alt, ...row }) => row);
    },

    /** One breed with its recommendation count, or null. */
    async getForAdmin(id: number): Promise<AdminBreed | null> {
      const [row] = await db
        .select({ ...publicColumns, recommendationCount })
        .from(breeds)
        .where(eq(breeds.id, id));
      if (!row) return null;
      const { imageAlt: _alt, ...breed } = row;
      return breed;
    },

    /** Stores a new breed; its slug is made from the name (-2, -3… when taken). */
    async create(input: BreedInput): Promise<Breed> {
      return write(() =>
        db.transaction(async (tx) => {
          if (await nameTaken(tx, input.name)) throw new ServiceError("conflict", BREED_TEXT.nameTaken, "name");
          const base = slugify(input.name);
          const pattern = `${(base || "breed").replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          const taken = new Set(
            (await tx.select({ slug: breeds.slug }).from(breeds).where(like(breeds.slug, pattern))).map(
              (row) => row.slug,
            ),
          );
          const slug = uniqueSlug(base, (candidate) => taken.has(candidate), "breed");
          const [row] = await tx
            .insert(breeds)
            .values({ ...input, slug, updatedAt: now() })
            .returning({ id: breeds.id });
          if (!row) throw new Error("breed was not stored");
          const [breed] = await tx.select(publicColumns).from(breeds).where(eq(breeds.id, row.id));
          if (!breed) throw new Error("breed vanished after saving");
          return breed;
        }),
      );
    },

    /** Replaces a breed's fields, keeping its slug; null when there is none. */
    async update(id: number, input: BreedInput): Promise<Breed | null> {
      return write(() =>
        db.transaction(async (tx) => {
          if (await nameTaken(tx, input.name, id)) throw new ServiceError("conflict", BREED_TEXT.nameTaken, "name");
          const changed = await tx
            .update(breeds)
            .set({ ...input, updatedAt: now() })
            .where(eq(breeds.id, id))
            .returning({ id: breeds.id });
          if (changed.length === 0) return null;
          const [breed] = await tx.select(publicColumns).from(breeds).where(eq(breeds.id, id));
          return breed ?? null;
        }),
      );
    },

    /**
     * Deletes a breed; false when there is none. While products are recommended for it the
     * delete is refused with a conflict saying so, unless `removeRecommendations` confirms that
     * they go with it.
     */
    async remove(id: number, options: { removeRecommendations?: boolean } = {}): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [breed] = await tx
          .select({ id: breeds.id, name: breeds.name, recommendationCount })
          .from(breeds)
          .where(eq(breeds.id, id));
        if (!breed) return false;
        if (breed.recommendationCount > 0) {
          if (!options.removeRecommendations) {
            throw new ServiceError("conflict", breedInUseMessage(breed.name, breed.recommendationCount));
          }
          await tx.delete(breedRecommendations).where(eq(breedRecommendations.breedId, id));
        }
        const gone = await tx.delete(breeds).where(eq(breeds.id, id)).returning({ id: breeds.id });
        return gone.length > 0;
      });
    },
  };
}

export type BreedEditorService = ReturnType<typeof createBreedEditorService>;
