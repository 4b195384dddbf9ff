import { and, asc, desc, eq, exists, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import {
  type AdminProductRow,
  type AdminToy,
  type Breed,
  type BreedRecommendations,
  type BreedSummary,
  type Category,
  type CategoryRef,
  type NamedOption,
  type RecommendationCard,
  type Toy,
  type ToyBreedLink,
  type ToyBreedNote,
  type ToyCardData,
  type ToyPage,
  type ToyQuery,
  toOption,
} from "#domain/catalog.ts";
import { MAX_PAGE_SIZE } from "#domain/catalog-query.ts";
import type { CatalogueToy } from "#domain/catalogue-csv.ts";
import { applyPriceRule, isPriceCurrent, type PriceRule, type StoredPriceFacts } from "#domain/price-stamp.ts";
import type { ProductBoxToy } from "#domain/product-boxes.ts";
import type { ProductListFilters, ProductListSort } from "#domain/product-list.ts";
import type { ScorableToy } from "#domain/quiz-scoring.ts";
import type { Database } from "#server/db/client.ts";
import { breedRecommendations, breeds, categories, toyCategories, toySlugHistory, toys } from "#server/db/schema.ts";

/**
 * The media library's alt text of the image an `imageUrl` column names, when it is an upload
 * with one (decision 027). A lookup by the media table's unique hash; the column is written out
 * qualified because the queries it sits in join tables that have an image_url too.
 */
const libraryAltText = (imageUrlColumn: string) =>
  sql<
    string | null
  >`(select "alt_text" from "media" where "hash" = substring(${sql.raw(imageUrlColumn)} from '^/uploads/([0-9a-f]{64})\\.webp$'))`;

const breedColumns = {
  id: breeds.id,
  name: breeds.name,
  slug: breeds.slug,
  size: breeds.size,
  description: breeds.description,
  imageUrl: breeds.imageUrl,
  imageAlt: libraryAltText(`"breeds"."image_url"`),
};

/** The admin products list's sort orders (domain/product-list.ts), as ORDER BY clauses. */
function adminProductOrder(sort: ProductListSort | undefined): SQL[] {
  switch (sort) {
    case "name-asc":
      return [asc(toys.name), asc(toys.id)];
    case "name-desc":
      return [desc(toys.name), desc(toys.id)];
    case "price-asc":
      return [sql`${toys.priceValue} asc nulls last`, asc(toys.name), asc(toys.id)];
    case "price-desc":
      return [sql`${toys.priceValue} desc nulls last`, asc(toys.name), asc(toys.id)];
    case "rating-desc":
      return [sql`${toys.ratingValue} desc nulls last`, asc(toys.name), asc(toys.id)];
    case "rating-asc":
      return [sql`${toys.ratingValue} asc nulls last`, asc(toys.name), asc(toys.id)];
    // ids grow with every new product (a duplicate too): the order products were added in
    case "newest":
      return [desc(toys.id)];
    case "oldest":
      return [asc(toys.id)];
    default:
      return [desc(toys.isTopPick), sql`${toys.ratingValue} desc nulls last`, asc(toys.name), asc(toys.id)];
  }
}

/** A page's address and last change, for the sitemap. */
export interface PageDate {
  slug: string;
  /** ISO 8601 */
  updatedAt: string;
}

export interface AdminProductPage {
  items: AdminProductRow[];
  total: number;
}

const toyColumns = {
  id: toys.id,
  name: toys.name,
  slug: toys.slug,
  description: toys.description,
  details: toys.details,
  imageUrl: toys.imageUrl,
  imageAlt: libraryAltText(`"toys"."image_url"`),
  price: toys.price,
  priceDiscount: toys.priceDiscount,
  priceConfirmedAt: toys.priceConfirmedAt,
  rating: toys.rating,
  reviewCount: toys.reviewCount,
  amazonUrl: toys.amazonUrl,
  amazonAsin: toys.amazonAsin,
  affiliateUrl: toys.affiliateUrl,
  affiliateCode: toys.affiliateCode,
  isTopPick: toys.isTopPick,
  inStock: toys.inStock,
  isPrimeEligible: toys.isPrimeEligible,
  materialType: toys.materialType,
  features: toys.features,
  ageRecommendation: toys.ageRecommendation,
  suitableFor: toys.suitableFor,
  categoryId: toys.categoryId,
  categoryName: categories.name,
  status: toys.status,
};

/** What the owner's editors read beside a toy's public fields (AdminToy). */
const adminToyColumns = {
  retailerItemId: toys.retailerItemId,
  priceSource: toys.priceSource,
};

/**
 * What a toy card shows (ToyCardData, but its categories): lists of cards read only these, so
 * the long text the cards do not show is neither read nor decoded (issue 20: the columns were
 * a third of the home page's top-picks query).
 */
const cardColumns = {
  id: toys.id,
  name: toys.name,
  slug: toys.slug,
  description: toys.description,
  imageUrl: toys.imageUrl,
  imageAlt: libraryAltText(`"toys"."image_url"`),
  price: toys.price,
  priceDiscount: toys.priceDiscount,
  priceConfirmedAt: toys.priceConfirmedAt,
  rating: toys.rating,
  isTopPick: toys.isTopPick,
  inStock: toys.inStock,
  isPrimeEligible: toys.isPrimeEligible,
  amazonUrl: toys.amazonUrl,
};

/** A toy outside the trash, draft or published: what the admin's list and editors see. */
const live = isNull(toys.deletedAt);

/**
 * A toy visitors may see: outside the trash and published (a draft, such as a fresh duplicate,
 * is the owner's alone). Every public read takes this one condition. The status is written as
 * a literal, not a parameter, so the partial index of top picks (whose predicate says the same)
 * still answers under a generic plan.
 */
export const visibleToy: SQL = sql`${toys.deletedAt} is null and ${toys.status} = 'published'`;

/** Who a read is for: visitors see published toys only, the owner's admin screens drafts too. */
type ToyAudience = "visitor" | "admin";
const toyCondition = (audience: ToyAudience): SQL => (audience === "admin" ? live : visibleToy);

/** A breed's recommendations: in stock first (one a visitor cannot buy is the weakest), then as top picks. */
const recommendationOrder = [
  desc(toys.inStock),
  desc(toys.isTopPick),
  sql`${toys.ratingValue} desc nulls last`,
  asc(toys.name),
];

/** Top picks' order: best rated first, then by name. */
const topPickOrder = [sql`${toys.ratingValue} desc nulls last`, asc(toys.name), asc(toys.id)];

const boxColumns = {
  id: toys.id,
  slug: toys.slug,
  name: toys.name,
  description: toys.description,
  imageUrl: toys.imageUrl,
  price: toys.price,
  priceDiscount: toys.priceDiscount,
  priceConfirmedAt: toys.priceConfirmedAt,
  rating: toys.rating,
  reviewCount: toys.reviewCount,
  amazonUrl: toys.amazonUrl,
  isTopPick: toys.isTopPick,
  inStock: toys.inStock,
  isPrimeEligible: toys.isPrimeEligible,
  materialType: toys.materialType,
  ageRecommendation: toys.ageRecommendation,
  suitableFor: toys.suitableFor,
};

/** `%` and `_` typed by a visitor are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface CatalogOptions {
  /**
   * the price age rule at this moment (the price age in force and the clock): every public read
   * applies it, read once per read (public reads are cached, so once per cache miss)
   */
  priceRule: () => Promise<PriceRule>;
}

/** Breeds, categories and toys as the storefront reads them. */
export function createCatalogService(db: Database, { priceRule }: CatalogOptions) {
  /**
   * Toy rows as visitors may see them: a price past its age blanked (applyPriceRule). Every
   * public read of a price passes here, once per read, so one page cannot mix two verdicts.
   */
  async function forVisitors<R extends StoredPriceFacts>(rows: R[]) {
    const rule = await priceRule();
    return rows.map((row) => applyPriceRule(row, rule));
  }

  /** The same facts for the owner's editors: the price kept, with whether visitors see it. */
  async function forOwner<R extends StoredPriceFacts>(rows: R[]) {
    const rule = await priceRule();
    return rows.map(({ priceConfirmedAt, ...row }) => ({
      ...row,
      priceAsOf: priceConfirmedAt?.toISOString() ?? null,
      priceHidden: !isPriceCurrent(priceConfirmedAt, rule),
    }));
  }

  /** Adds `categories: [{id, name}]` to toy rows, in one query for the whole list. */
  async function withCategories<R extends { id: number }>(rows: R[]): Promise<(R & { categories: CategoryRef[] })[]> {
    if (rows.length === 0) return [];
    const links = await db
      .select({ toyId: toyCategories.toyId, id: categories.id, name: categories.name })
      .from(toyCategories)
      .innerJoin(categories, eq(categories.id, toyCategories.categoryId))
      .where(
        inArray(
          toyCategories.toyId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(categories.name));
    const byToy = new Map<number, CategoryRef[]>();
    for (const link of links) {
      const list = byToy.get(link.toyId) ?? [];
      list.push({ id: link.id, name: link.name });
      byToy.set(link.toyId, list);
    }
    return rows.map((row) => ({ ...row, categories: byToy.get(row.id) ?? [] }));
  }

  /** Card rows with their categories as options. */
  async function asCards<R extends Omit<ToyCardData, "categories">>(rows: R[]): Promise<ToyCardData[]> {
    return (await withCategories(rows)).map((toy) => ({ ...toy, categories: toy.categories.map(toOption) }));
  }

  /**
   * Recommendation rows (a toy's columns and the owner's note) as `complete` makes toys of them
   * (whole toys or cards), each paired with its note, in the rows' order.
   */
  async function withNotes<R extends { id: number; note: string | null }, T extends { id: number }>(
    rows: R[],
    complete: (toys: Omit<R, "note">[]) => Promise<T[]>,
  ): Promise<{ toyId: number; toy: T; note: string | null }[]> {
    const completed = await complete(rows.map(({ note: _note, ...toy }) => toy));
    return completed.map((toy, i) => ({ toyId: toy.id, toy, note: rows[i]?.note ?? null }));
  }

  /** How many live toys match (for a page's total). */
  async function countToys(where: SQL | undefined): Promise<number> {
    const [counted] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(toys)
      .where(where);
    return counted?.n ?? 0;
  }

  /** One toy visitors may see, with its categories and its price as visitors may see it, or null. */
  async function findToy(id: number): Promise<Toy | null> {
    const rows = await db
      .select(toyColumns)
      .from(toys)
      .leftJoin(categories, eq(categories.id, toys.categoryId))
      .where(and(visibleToy, eq(toys.id, id)));
    const [toy] = await withCategories(await forVisitors(rows));
    return toy ?? null;
  }

  /** A toy's breed links with the breeds' names, or null when `audience` may not see the toy. */
  async function breedLinksOf(toyId: number, audience: ToyAudience): Promise<ToyBreedLink[] | null> {
    const [toy] = await db
      .select({ id: toys.id })
      .from(toys)
      .where(and(toyCondition(audience), eq(toys.id, toyId)));
    if (!toy) return null;
    const rows = await db
      .select({
        id: breedRecommendations.id,
        breedId: breedRecommendations.breedId,
        toyId: breedRecommendations.toyId,
        note: breedRecommendations.note,
        breedName: breeds.name,
      })
      .from(breedRecommendations)
      .innerJoin(breeds, eq(breeds.id, breedRecommendations.breedId))
      .where(eq(breedRecommendations.toyId, toyId))
      .orderBy(asc(breeds.name));
    return rows.map(({ breedName, ...link }) => ({ ...link, breed: { id: link.breedId, name: breedName } }));
  }

  function toyFilters(query: ToyQuery, audience: ToyAudience): SQL | undefined {
    const conditions: (SQL | undefined)[] = [toyCondition(audience)];
    if (query.search) {
      const pattern = likePattern(query.search);
      conditions.push(or(ilike(toys.name, pattern), ilike(toys.description, pattern)));
    }
    if (query.category !== undefined) {
      const categoryId = query.category;
      conditions.push(
        or(
          eq(toys.categoryId, categoryId),
          exists(
            db
              .select({ one: sql`1` })
              .from(toyCategories)
              .where(and(eq(toyCategories.toyId, toys.id), eq(toyCategories.categoryId, categoryId))),
          ),
        ),
      );
    }
    if (query.breed !== undefined) {
      const breedId = query.breed;
      conditions.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(breedRecommendations)
            .where(and(eq(breedRecommendations.toyId, toys.id), eq(breedRecommendations.breedId, breedId))),
        ),
      );
    }
    // the price a visitor sees (a sale price when there is one), as the cards show it
    if (query.minPrice !== undefined && query.minPrice > 0)
      conditions.push(gte(toys.effectivePriceValue, query.minPrice));
    if (query.maxPrice !== undefined) conditions.push(lte(toys.effectivePriceValue, query.maxPrice));
    return and(...conditions);
  }

  function toyOrder(sort: ToyQuery["sort"]): SQL[] {
    switch (sort) {
      case "price-asc":
        return [sql`${toys.effectivePriceValue} asc nulls last`, asc(toys.name), asc(toys.id)];
      case "price-desc":
        return [sql`${toys.effectivePriceValue} desc nulls last`, asc(toys.name), asc(toys.id)];
      case "rating-desc":
        return [sql`${toys.ratingValue} desc nulls last`, desc(toys.reviewCount), asc(toys.name), asc(toys.id)];
      default:
        return [asc(toys.name), asc(toys.id)];
    }
  }

  return {
    /** All breeds, by name. */
    async listBreeds(): Promise<Breed[]> {
      return db.select(breedColumns).from(breeds).orderBy(asc(breeds.name));
    },

    /** Breeds as choices (the home page's breed search, the catalogue's filter): id and name. */
    async listBreedOptions(): Promise<NamedOption[]> {
      return db.select({ id: breeds.id, name: breeds.name }).from(breeds).orderBy(asc(breeds.name));
    },

    /** All categories in the owner's order, ties by id (the home page shows the first six). */
    async listCategories(): Promise<Category[]> {
      return db
        .select({
          id: categories.id,
          name: categories.name,
          description: categories.description,
          icon: categories.icon,
          imageUrl: categories.imageUrl,
        })
        .from(categories)
        .orderBy(asc(categories.position), asc(categories.id));
    },

    /**
     * Toys matching the query, sorted, one page at a time (all matches when no page is
     * asked for), with the total number of matches.
     */
    async listToys(query: ToyQuery): Promise<ToyPage> {
      const where = toyFilters(query, "visitor");
      const limit = query.page !== undefined ? (query.pageSize ?? MAX_PAGE_SIZE) : undefined;
      const offset = limit !== undefined ? ((query.page ?? 1) - 1) * limit : 0;
      const base = db
        .select(toyColumns)
        .from(toys)
        .leftJoin(categories, eq(categories.id, toys.categoryId))
        .where(where)
        .orderBy(...toyOrder(query.sort));
      if (limit === undefined) {
        const rows = await base;
        return { items: await withCategories(await forVisitors(rows)), total: rows.length };
      }
      // The page and the count as two queries, not `count(*) over ()`: the window makes the
      // database build every matching row, whole, before the first page's 24 (60 ms and a
      // temporary file on the 10,000-toy catalogue); apart, the page walks an index and stops,
      // and the count reads an index only (issue 20).
      const [rows, total] = await Promise.all([base.limit(limit).offset(offset), countToys(where)]);
      return { items: await withCategories(await forVisitors(rows)), total };
    },

    /** One page of the same toys as cards: only the fields a card shows (the catalogue page). */
    async listToyCards(query: ToyQuery & { page: number; pageSize: number }): Promise<ToyPage<ToyCardData>> {
      const where = toyFilters(query, "visitor");
      const [rows, total] = await Promise.all([
        db
          .select(cardColumns)
          .from(toys)
          .where(where)
          .orderBy(...toyOrder(query.sort))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        countToys(where),
      ]);
      return { items: await asCards(await forVisitors(rows)), total };
    },

    /**
     * One page of the admin products list, with the total: searched by name or description,
     * filtered by category (any of a toy's, or the legacy one), top pick and stock, sorted as
     * asked (by default the spec's order: top picks first, then by rating descending; then by
     * name for a stable order). Each row carries all the toy's categories.
     */
    async listProductsForAdmin(
      query: Omit<ProductListFilters, "page"> & { page: number; pageSize: number },
    ): Promise<AdminProductPage> {
      const where = and(
        toyFilters({ search: query.search, category: query.category }, "admin"),
        query.topPick ? eq(toys.isTopPick, query.topPick === "yes") : undefined,
        query.stock ? eq(toys.inStock, query.stock === "in") : undefined,
      );
      const [rows, total] = await Promise.all([
        db
          .select({
            id: toys.id,
            name: toys.name,
            description: toys.description,
            categoryName: categories.name,
            price: toys.price,
            rating: toys.rating,
            amazonUrl: toys.amazonUrl,
            isTopPick: toys.isTopPick,
            inStock: toys.inStock,
            status: toys.status,
          })
          .from(toys)
          .leftJoin(categories, eq(categories.id, toys.categoryId))
          .where(where)
          .orderBy(...adminProductOrder(query.sort))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        countToys(where),
      ]);
      return { items: await withCategories(rows), total };
    },

    /** Top picks, best rated first (the API). */
    async listTopPicks(): Promise<Toy[]> {
      return withCategories(
        await forVisitors(
          await db
            .select(toyColumns)
            .from(toys)
            .leftJoin(categories, eq(categories.id, toys.categoryId))
            .where(and(visibleToy, eq(toys.isTopPick, true)))
            .orderBy(...topPickOrder),
        ),
      );
    },

    /** The first `limit` top picks as cards (the home page shows a few). */
    async listTopPickCards(limit: number): Promise<ToyCardData[]> {
      return asCards(
        await forVisitors(
          await db
            .select(cardColumns)
            .from(toys)
            .where(and(visibleToy, eq(toys.isTopPick, true)))
            .orderBy(...topPickOrder)
            .limit(limit),
        ),
      );
    },

    /**
     * The fields quiz scoring reads, for every toy. The order is the catalogue's default (name)
     * but does not decide anything: recommendToys orders ties itself (rating, reviews, name).
     */
    async listScorableToys(): Promise<ScorableToy[]> {
      return db
        .select({
          id: toys.id,
          name: toys.name,
          rating: toys.rating,
          reviewCount: toys.reviewCount,
          isTopPick: toys.isTopPick,
          materialType: toys.materialType,
          features: toys.features,
          ageRecommendation: toys.ageRecommendation,
          suitableFor: toys.suitableFor,
          inStock: toys.inStock,
        })
        .from(toys)
        .where(visibleToy)
        .orderBy(...toyOrder(undefined));
    },

    /** The toys with these ids, in the order of `ids` (missing ids are left out). */
    async getToysByIds(ids: readonly number[]): Promise<Toy[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select(toyColumns)
        .from(toys)
        .leftJoin(categories, eq(categories.id, toys.categoryId))
        .where(and(visibleToy, inArray(toys.id, [...ids])));
      const byId = new Map((await withCategories(await forVisitors(rows))).map((toy) => [toy.id, toy]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** One toy visitors may see, or null. */
    async getToy(id: number): Promise<Toy | null> {
      return findToy(id);
    },

    /**
     * One toy outside the trash, draft or published, with where its price comes from, or null
     * (the admin's editors; never cached).
     */
    async getToyForEditing(id: number): Promise<AdminToy | null> {
      const rows = await db
        .select({ ...toyColumns, ...adminToyColumns })
        .from(toys)
        .leftJoin(categories, eq(categories.id, toys.categoryId))
        .where(and(toyCondition("admin"), eq(toys.id, id)));
      const [toy] = await withCategories(await forOwner(rows));
      return toy ? { ...toy, priceConfirmedAt: toy.priceAsOf } : null;
    },

    /**
     * Every toy outside the trash, drafts too, by id, with its categories and the breeds it is
     * recommended for (with the notes): the catalogue's CSV export, and what an import compares
     * its rows with. Three queries whatever the size of the catalogue.
     */
    async listCatalogueToys(): Promise<CatalogueToy[]> {
      const [rows, categoryLinks, breedLinks] = await Promise.all([
        db
          .select({ ...toyColumns, ...adminToyColumns })
          .from(toys)
          .leftJoin(categories, eq(categories.id, toys.categoryId))
          .where(live)
          .orderBy(asc(toys.id)),
        db
          .select({ toyId: toyCategories.toyId, id: categories.id, name: categories.name })
          .from(toyCategories)
          .innerJoin(categories, eq(categories.id, toyCategories.categoryId))
          .innerJoin(toys, eq(toys.id, toyCategories.toyId))
          .where(live)
          .orderBy(asc(categories.name)),
        db
          .select({
            toyId: breedRecommendations.toyId,
            id: breeds.id,
            name: breeds.name,
            note: breedRecommendations.note,
          })
          .from(breedRecommendations)
          .innerJoin(breeds, eq(breeds.id, breedRecommendations.breedId))
          .innerJoin(toys, eq(toys.id, breedRecommendations.toyId))
          .where(live)
          .orderBy(asc(breeds.name)),
      ]);
      const categoriesOf = new Map<number, CategoryRef[]>();
      for (const { toyId, ...category } of categoryLinks) {
        categoriesOf.set(toyId, [...(categoriesOf.get(toyId) ?? []), category]);
      }
      const breedsOf = new Map<number, CatalogueToy["breeds"]>();
      for (const { toyId, ...breed } of breedLinks) breedsOf.set(toyId, [...(breedsOf.get(toyId) ?? []), breed]);
      return (await forOwner(rows)).map((row) => ({
        ...row,
        priceConfirmedAt: row.priceAsOf,
        categories: categoriesOf.get(row.id) ?? [],
        breeds: breedsOf.get(row.id) ?? [],
      }));
    },

    /** A toy's categories, or null when the toy does not exist. */
    async listToyCategories(toyId: number): Promise<CategoryRef[] | null> {
      const toy = await this.getToy(toyId);
      return toy ? toy.categories : null;
    },

    /** A toy's breed recommendations with the breed's id and name, or null when the toy does not exist. */
    async listToyBreedLinks(toyId: number): Promise<ToyBreedLink[] | null> {
      return breedLinksOf(toyId, "visitor");
    },

    /** The same for a toy outside the trash, draft or published (the product editor's; never cached). */
    async listToyBreedLinksForEditing(toyId: number): Promise<ToyBreedLink[] | null> {
      return breedLinksOf(toyId, "admin");
    },

    /** A breed and the toys recommended for it, or null when the breed does not exist. */
    async getBreedRecommendations(breedId: number): Promise<BreedRecommendations | null> {
      const [breed] = await db
        .select({
          id: breeds.id,
          name: breeds.name,
          slug: breeds.slug,
          description: breeds.description,
          imageUrl: breeds.imageUrl,
          imageAlt: breedColumns.imageAlt,
        })
        .from(breeds)
        .where(eq(breeds.id, breedId));
      if (!breed) return null;
      const rows = await db
        .select({ ...toyColumns, note: breedRecommendations.note })
        .from(breedRecommendations)
        .innerJoin(toys, eq(toys.id, breedRecommendations.toyId))
        .leftJoin(categories, eq(categories.id, toys.categoryId))
        .where(and(visibleToy, eq(breedRecommendations.breedId, breedId)))
        .orderBy(...recommendationOrder);
      return { breed, recommendations: await withNotes(await forVisitors(rows), withCategories) };
    },

    /** A breed's recommended toys as cards, with the owner's notes, in the API's order (the breed page). */
    async listRecommendationCards(breedId: number): Promise<RecommendationCard[]> {
      const rows = await db
        .select({ ...cardColumns, note: breedRecommendations.note })
        .from(breedRecommendations)
        .innerJoin(toys, eq(toys.id, breedRecommendations.toyId))
        .where(and(visibleToy, eq(breedRecommendations.breedId, breedId)))
        .orderBy(...recommendationOrder);
      return withNotes(await forVisitors(rows), asCards);
    },

    /**
     * The toys that current or earlier slugs name, for buy boxes and comparison tables: each
     * asked slug maps to its toy (an earlier slug to the toy that had it).
     */
    async getBoxToysBySlugs(slugs: readonly string[]): Promise<Map<string, ProductBoxToy>> {
      const found = new Map<string, ProductBoxToy>();
      if (slugs.length === 0) return found;
      const wanted = [...new Set(slugs)];
      const [current, earlier] = await Promise.all([
        db
          .select(boxColumns)
          .from(toys)
          .where(and(visibleToy, inArray(toys.slug, wanted))),
        db
          .select({ ...boxColumns, oldSlug: toySlugHistory.slug })
          .from(toySlugHistory)
          .innerJoin(toys, eq(toys.id, toySlugHistory.toyId))
          .where(and(visibleToy, inArray(toySlugHistory.slug, wanted))),
      ]);
      // one rule for both, so one page cannot mix two verdicts
      const rule = await priceRule();
      for (const toy of current) found.set(toy.slug, applyPriceRule(toy, rule));
      for (const { oldSlug, ...toy } of earlier) found.set(oldSlug, applyPriceRule(toy, rule));
      return found;
    },

    /** The box of one toy by id (a review's reviewed toy), or null. */
    async getBoxToy(id: number): Promise<ProductBoxToy | null> {
      const [toy] = await db
        .select(boxColumns)
        .from(toys)
        .where(and(visibleToy, eq(toys.id, id)));
      return toy ? ((await forVisitors([toy]))[0] ?? null) : null;
    },

    /**
     * The toy a toy page's slug names: `{ toy }` for its current slug, `{ movedTo }` (the
     * current slug) for an earlier one, null for none.
     */
    async findToyBySlug(slug: string): Promise<{ toy: Toy } | { movedTo: string } | null> {
      const rows = await db
        .select(toyColumns)
        .from(toys)
        .leftJoin(categories, eq(categories.id, toys.categoryId))
        .where(and(visibleToy, eq(toys.slug, slug)));
      const [toy] = await withCategories(await forVisitors(rows));
      if (toy) return { toy };
      const [moved] = await db
        .select({ slug: toys.slug })
        .from(toySlugHistory)
        .innerJoin(toys, eq(toys.id, toySlugHistory.toyId))
        .where(and(visibleToy, eq(toySlugHistory.slug, slug)));
      return moved ? { movedTo: moved.slug } : null;
    },

    /** The slugs a toy had before its current one (its posts may still name them). */
    async listEarlierToySlugs(toyId: number): Promise<string[]> {
      const rows = await db
        .select({ slug: toySlugHistory.slug })
        .from(toySlugHistory)
        .where(eq(toySlugHistory.toyId, toyId));
      return rows.map((row) => row.slug);
    },

    /** The breeds a toy is recommended for, with the owner's note, by breed name. */
    async listToyBreedNotes(toyId: number): Promise<ToyBreedNote[]> {
      return db
        .select({ breedId: breeds.id, name: breeds.name, slug: breeds.slug, note: breedRecommendations.note })
        .from(breedRecommendations)
        .innerJoin(breeds, eq(breeds.id, breedRecommendations.breedId))
        .where(eq(breedRecommendations.toyId, toyId))
        .orderBy(asc(breeds.name));
    },

    /** Every breed with how many toys are recommended for it, by name (the /breeds index). */
    async listBreedSummaries(): Promise<BreedSummary[]> {
      return db
        .select({
          ...breedColumns,
          // written out: in a subquery Drizzle leaves column names unqualified, and "id" would be the recommendation's
          toyCount:
            sql<number>`(select count(*) from "breed_recommendations" br join "toys" t on t."id" = br."toy_id" where br."breed_id" = "breeds"."id" and t."deleted_at" is null and t."status" = 'published')`.mapWith(
              Number,
            ),
        })
        .from(breeds)
        .orderBy(asc(breeds.name));
    },

    /** One breed by its page's slug, or null. */
    async findBreedBySlug(slug: string): Promise<Breed | null> {
      const [breed] = await db.select(breedColumns).from(breeds).where(eq(breeds.slug, slug));
      return breed ?? null;
    },

    /**
     * What the sitemap lists of the catalogue: every toy page and breed page with its last
     * change (a breed page changes with its breed, its recommendations and their toys).
     */
    async listPageDates(): Promise<{ toys: PageDate[]; breeds: PageDate[] }> {
      const [toyRows, breedRows] = await Promise.all([
        db.select({ slug: toys.slug, updatedAt: toys.updatedAt }).from(toys).where(visibleToy).orderBy(asc(toys.slug)),
        db
          .select({
            slug: breeds.slug,
            // written out for the same reason as toyCount above (unqualified column names)
            updatedAt: sql<Date>`greatest("breeds"."updated_at", (
              select max(greatest(br."created_at", t."updated_at"))
              from "breed_recommendations" br join "toys" t on t."id" = br."toy_id"
              where br."breed_id" = "breeds"."id" and t."deleted_at" is null and t."status" = 'published'))`.mapWith(
              (value) => new Date(value),
            ),
          })
          .from(breeds)
          .orderBy(asc(breeds.slug)),
      ]);
      const iso = (rows: { slug: string; updatedAt: Date }[]) =>
        rows.map((row) => ({ slug: row.slug, updatedAt: row.updatedAt.toISOString() }));
      return { toys: iso(toyRows), breeds: iso(breedRows) };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
