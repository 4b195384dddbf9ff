import type { BreedPageData, BreedSummary, ToyPageData } from "#domain/catalog.ts";
import type { PostSummary } from "#domain/posts.ts";
import type { CatalogService } from "./catalog.service";
import type { ContentService } from "./content.service";

/**
 * The pages a search visitor lands on for a product or a breed (issue 17): a toy page with
 * where it is recommended and what was written about it, and a breed page with its
 * recommended toys and related posts. Reads only; everything comes through the cached reads.
 */
export function createProductPagesService({ catalog, content }: { catalog: CatalogService; content: ContentService }) {
  return {
    /** A toy page by slug: its data, `{ movedTo }` for an earlier slug (answered 301), or null. */
    async toyPage(slug: string): Promise<ToyPageData<PostSummary> | { movedTo: string } | null> {
      const found = await catalog.findToyBySlug(slug);
      if (!found || "movedTo" in found) return found;
      const { toy } = found;
      const [breeds, earlier] = await Promise.all([
        catalog.listToyBreedNotes(toy.id),
        catalog.listEarlierToySlugs(toy.id),
      ]);
      const posts = await content.listPostsAboutToy({ id: toy.id, slugs: [toy.slug, ...earlier] });
      return { toy, breeds, posts };
    },

    /** A breed page by slug, or null. */
    async breedPage(slug: string): Promise<BreedPageData<PostSummary> | null> {
      const breed = await catalog.findBreedBySlug(slug);
      if (!breed) return null;
      const recommendations = await catalog.listRecommendationCards(breed.id);
      const posts = await content.listPostsForBreed({
        name: breed.name,
        toyIds: recommendations.map((rec) => rec.toyId),
      });
      return { breed, recommendations, posts };
    },

    /** The /breeds index: every breed with its number of recommended toys. */
    async breedIndex(): Promise<BreedSummary[]> {
      return catalog.listBreedSummaries();
    },
  };
}

export type ProductPagesService = ReturnType<typeof createProductPagesService>;
