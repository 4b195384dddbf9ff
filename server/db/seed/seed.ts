import { sql } from "drizzle-orm";
import { placedToySlugs } from "#domain/markdown.ts";
import { slugify } from "#domain/slug.ts";
import type { Database } from "#server/db/client.ts";
import {
  breedRecommendations,
  breeds,
  categories,
  posts,
  testimonials,
  toyCategories,
  toys,
} from "#server/db/schema.ts";
import { demoBreeds } from "./demo/breeds";
import { demoCategories } from "./demo/categories";
import { demoPosts } from "./demo/posts";
import { demoRecommendations } from "./demo/recommendations";
import { demoTestimonials } from "./demo/testimonials";
import { demoToys } from "./demo/toys";

export interface SeedReport {
  categories: number;
  breeds: number;
  toys: number;
  toyCategories: number;
  breedRecommendations: number;
  posts: number;
  testimonials: number;
}

/** True when no content has been created yet, so demo content may be added on first start. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const result = await db.execute<{ has_content: boolean }>(sql`
    select exists (select 1 from ${breeds}) or exists (select 1 from ${toys})
        or exists (select 1 from ${posts}) or exists (select 1 from ${categories}) as has_content`);
  return !result.rows[0]?.has_content;
}

/**
 * Adds the demo content that is not there yet, matched by natural key (names, slugs),
 * in one transaction; running it again adds nothing. Returns the rows it inserted.
 */
export async function seedDemoContent(db: Database): Promise<SeedReport> {
  return db.transaction(async (tx) => {
    const report: SeedReport = {
      categories: 0,
      breeds: 0,
      toys: 0,
      toyCategories: 0,
      breedRecommendations: 0,
      posts: 0,
      testimonials: 0,
    };

    // Category ids 1-5 are linked from the footer, so they are inserted with fixed ids.
    report.categories = (
      await tx.insert(categories).values(demoCategories).onConflictDoNothing().returning({ id: categories.id })
    ).length;
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('categories', 'id'), greatest((select max(id) from categories), 1))`,
    );
    const categoryIds = new Map(
      (await tx.select({ id: categories.id, name: categories.name }).from(categories)).map((c) => [c.name, c.id]),
    );

    report.breeds = (
      await tx
        .insert(breeds)
        .values(demoBreeds.map((breed) => ({ ...breed, slug: slugify(breed.name) })))
        .onConflictDoNothing()
        .returning({ id: breeds.id })
    ).length;
    const breedIds = new Map(
      (await tx.select({ id: breeds.id, name: breeds.name }).from(breeds)).map((b) => [b.name, b.id]),
    );

    const seededAt = new Date();
    const existingToyNames = new Set((await tx.select({ name: toys.name }).from(toys)).map((t) => t.name));
    const newToys = demoToys.filter((t) => !existingToyNames.has(t.name));
    if (newToys.length > 0) {
      const inserted = await tx
        .insert(toys)
        .values(
          newToys.map(({ categories: names, ...toy }) => ({
            ...toy,
            // the demo's prices stand as the owner typed them, confirmed when seeded (issue 27, decision 060)
            priceConfirmedAt: seededAt,
            priceSource: "owner" as const,
            slug: slugify(toy.name),
            categoryId: requireId(categoryIds, names[0], "category"),
          })),
        )
        .returning({ id: toys.id });
      report.toys = inserted.length;
    }
    const toyIds = new Map((await tx.select({ id: toys.id, name: toys.name }).from(toys)).map((t) => [t.name, t.id]));

    const links = demoToys.flatMap((toy) =>
      toy.categories.map((name) => ({
        toyId: requireId(toyIds, toy.name, "toy"),
        categoryId: requireId(categoryIds, name, "category"),
      })),
    );
    report.toyCategories = (
      await tx.insert(toyCategories).values(links).onConflictDoNothing().returning({ id: toyCategories.id })
    ).length;

    const recommendations = demoRecommendations.map((r) => ({
      breedId: requireId(breedIds, r.breed, "breed"),
      toyId: requireId(toyIds, r.toy, "toy"),
      note: r.note,
    }));
    report.breedRecommendations = (
      await tx
        .insert(breedRecommendations)
        .values(recommendations)
        .onConflictDoNothing()
        .returning({ id: breedRecommendations.id })
    ).length;

    report.posts = (
      await tx
        .insert(posts)
        .values(
          demoPosts.map(({ category, publishedAt, reviewedToy, reviewRating, ...post }) => ({
            ...post,
            publishedAt: new Date(publishedAt),
            updatedAt: new Date(publishedAt),
            categoryId: category ? requireId(categoryIds, category, "category") : null,
            reviewedToyId: reviewedToy ? requireId(toyIds, reviewedToy, "toy") : null,
            reviewRating: reviewRating ?? null,
            placedToySlugs: placedToySlugs(post.content),
          })),
        )
        .onConflictDoNothing()
        .returning({ id: posts.id })
    ).length;

    const existingTestimonials = new Set(
      (await tx.select({ name: testimonials.name, content: testimonials.content }).from(testimonials)).map(
        (t) => `${t.name}\n${t.content}`,
      ),
    );
    const newTestimonials = demoTestimonials.filter((t) => !existingTestimonials.has(`${t.name}\n${t.content}`));
    if (newTestimonials.length > 0) {
      report.testimonials = (
        await tx.insert(testimonials).values(newTestimonials).returning({ id: testimonials.id })
      ).length;
    }
    return report;
  });
}

function requireId(ids: Map<string, number>, name: string | undefined, kind: string): number {
  const id = name === undefined ? undefined : ids.get(name);
  if (id === undefined) throw new Error(`demo content refers to an unknown ${kind}: ${name}`);
  return id;
}
