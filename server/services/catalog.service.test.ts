import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { effectivePrice } from "#domain/price.ts";
import { offerPrice } from "#domain/structured-data.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { toys } from "#server/db/schema.ts";
import { seedDemoContent } from "#server/db/seed/seed.ts";
import { createTestDatabase } from "../../tests/support/test-database";
import { createCatalogService } from "./catalog.service";

let database: DatabaseHandle;
let catalog: ReturnType<typeof createCatalogService>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  catalog = createCatalogService(database.db, { priceRule: async () => ({ now: new Date(), maxAgeHours: 24 }) });
});
afterAll(() => database.close());

describe("the admin products list", () => {
  it("orders top picks first, then by rating, and pages with the total", async () => {
    const all = await catalog.listProductsForAdmin({ page: 1, pageSize: 1_000 });
    expect(all.total).toBe(all.items.length);
    expect(all.total).toBeGreaterThan(10);
    for (let i = 1; i < all.items.length; i++) {
      const [a, b] = [all.items[i - 1], all.items[i]];
      if (!a || !b) continue;
      expect(Number(a.isTopPick) >= Number(b.isTopPick), `row ${i}`).toBe(true);
      if (a.isTopPick === b.isTopPick) expect(Number(a.rating) >= Number(b.rating), `row ${i}`).toBe(true);
    }

    const second = await catalog.listProductsForAdmin({ page: 2, pageSize: 5 });
    expect(second.total).toBe(all.total);
    expect(second.items.map((t) => t.id)).toEqual(all.items.slice(5, 10).map((t) => t.id));
    const past = await catalog.listProductsForAdmin({ page: 1_000, pageSize: 5 });
    expect(past).toEqual({ items: [], total: all.total });
  });

  it("searches name or description, case-insensitively, with % and _ taken literally", async () => {
    const [toy] = await database.db
      .insert(toys)
      .values({
        name: "Percent_Sign Tester",
        slug: "percent-sign-tester",
        description: "Has the word qzxvy inside",
        details: "",
        price: "$1.00",
        rating: "1.0",
      })
      .returning({ id: toys.id });
    const byDescription = await catalog.listProductsForAdmin({ search: "QZXVY", page: 1, pageSize: 50 });
    expect(byDescription.items.map((t) => t.id)).toEqual([toy?.id]);
    expect(byDescription.total).toBe(1);
    const byName = await catalog.listProductsForAdmin({ search: "percent_sign", page: 1, pageSize: 50 });
    expect(byName.items.map((t) => t.id)).toEqual([toy?.id]);
    expect((await catalog.listProductsForAdmin({ search: "%", page: 1, pageSize: 50 })).total).toBe(0);
  });
});

describe("search indexes", () => {
  // On a demo-sized table the planner rightly prefers reading every row; with sequential scans
  // off, what is left shows the trigram indexes exist and fit the `ilike '%…%'` searches.
  const planOf = async (query: string) =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute(sql.raw(`explain ${query}`));
      return rows.map((row) => Object.values(row)[0]).join("\n");
    });

  it("answers the catalogue search from trigram indexes on name and description", async () => {
    const plan = await planOf("select id from toys where name ilike '%ball%' or description ilike '%ball%'");
    expect(plan).toContain("toys_name_trgm_idx");
    expect(plan).toContain("toys_description_trgm_idx");
  });

  it("sorts and filters the catalogue by price from the index of the price a visitor pays", async () => {
    const plan = await planOf(
      "select id from toys where effective_price_value between 10 and 20 order by effective_price_value limit 24",
    );
    expect(plan).toContain("toys_effective_price_value_idx");
  });

  it("answers the quiz submissions search from a trigram index on the address", async () => {
    expect(await planOf("select id from quiz_submissions where email ilike '%smith%'")).toContain(
      "quiz_submissions_email_trgm_idx",
    );
  });
});

describe("the price a visitor pays", () => {
  it("is what the catalogue sorts and filters by, in the database as in domain/price.ts", async () => {
    const cases: [string, string | null][] = [
      ["$7.99", "$6.99"],
      ["$6.49", null],
      ["7.25", "  "],
      ["$1,299.00", "$1,099.00"],
      ["$7.10", "See retailer"],
      ["Ask us", null],
    ];
    const inserted = await database.db
      .insert(toys)
      .values(
        cases.map(([price, priceDiscount], i) => ({
          name: `Price Rule ${i}`,
          slug: `price-rule-${i}`,
          description: "pricerulecase",
          details: "",
          price,
          priceDiscount,
          priceConfirmedAt: new Date(),
        })),
      )
      .returning({
        id: toys.id,
        price: toys.price,
        priceDiscount: toys.priceDiscount,
        value: toys.effectivePriceValue,
      });
    for (const row of inserted) {
      const shown = offerPrice(effectivePrice(row));
      expect(row.value, `${row.price} / ${row.priceDiscount}`).toBe(shown === null ? null : Number(shown));
    }

    const sorted = await catalog.listToyCards({ search: "pricerulecase", sort: "price-asc", page: 1, pageSize: 24 });
    // $6.49, then $6.99 (on sale from $7.99), then $7.25; text that is no amount sorts last, by name
    expect(sorted.items.map((toy) => effectivePrice(toy))).toEqual([
      "$6.49",
      "$6.99",
      "$7.25",
      "$1,099.00",
      "See retailer",
      "Ask us",
    ]);
    const ranged = await catalog.listToys({ search: "pricerulecase", minPrice: 5, maxPrice: 7 });
    expect(ranged.items.map((toy) => toy.name)).toEqual(["Price Rule 0", "Price Rule 1"]);
    await database.db.delete(toys).where(eq(toys.description, "pricerulecase"));
  });
});

describe("cards: the catalogue's and the home page's lists with only what a card shows", () => {
  const cardFields = [
    "amazonUrl",
    "categories",
    "description",
    "id",
    "imageAlt",
    "imageUrl",
    "inStock",
    "isPrimeEligible",
    "isTopPick",
    "name",
    "price",
    "priceAsOf",
    "priceDiscount",
    "priceHidden",
    "rating",
    "slug",
  ];

  it("pages the same toys in the same order as the full list, with the same total", async () => {
    for (const query of [
      { page: 1, pageSize: 5 },
      { page: 2, pageSize: 5, sort: "price-desc" as const },
      { page: 1, pageSize: 24, search: "ball" },
      { page: 9, pageSize: 24 },
    ]) {
      const full = await catalog.listToys(query);
      const cards = await catalog.listToyCards(query);
      expect(cards.total).toBe(full.total);
      expect(cards.items).toEqual(
        full.items.map((toy) => ({
          ...Object.fromEntries(cardFields.map((field) => [field, toy[field as keyof typeof toy]])),
          categories: toy.categories.map(({ id, name }) => ({ id, name })),
        })),
      );
      for (const card of cards.items) expect(Object.keys(card).sort()).toEqual(cardFields);
    }
  });

  it("gives the first top picks, best rated first, as the API lists them", async () => {
    const all = await catalog.listTopPicks();
    const three = await catalog.listTopPickCards(3);
    expect(three.map((card) => card.id)).toEqual(all.slice(0, 3).map((toy) => toy.id));
    expect(Object.keys(three[0] ?? {}).sort()).toEqual(cardFields);
  });

  it("lists breeds as options, by name", async () => {
    const breeds = await catalog.listBreeds();
    expect(await catalog.listBreedOptions()).toEqual(breeds.map(({ id, name }) => ({ id, name })));
  });
});
