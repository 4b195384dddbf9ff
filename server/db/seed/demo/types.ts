// Shapes of the hand-written demo content. The seeder maps them onto the schema and
// resolves names to ids, so the content files never hard-code database ids (except
// categories, whose ids 1-5 are linked from the footer).

export type DogSize = "small" | "medium" | "large";

export interface DemoBreed {
  name: string;
  size: DogSize;
  description: string;
  imageUrl: string;
}

export interface DemoCategory {
  id: number;
  name: string;
  description: string;
  /** lucide icon name used by the category tiles */
  icon: string;
  imageUrl: string | null;
}

export interface DemoToy {
  name: string;
  description: string;
  details: string;
  /** display text with a leading $, e.g. "$14.99" */
  price: string;
  priceDiscount: string | null;
  /** one digit 0-5 with an optional single decimal, e.g. "4.5" */
  rating: string;
  reviewCount: number;
  imageUrl: string;
  amazonUrl: string;
  amazonAsin: string;
  isTopPick: boolean;
  inStock: boolean;
  isPrimeEligible: boolean;
  materialType: string;
  features: string[];
  /** comma-separated: puppy, adult, senior */
  ageRecommendation: string;
  /** comma-separated: small, medium, large */
  suitableFor: string;
  /** category names; the first one is also the legacy single categoryId */
  categories: string[];
}

export interface DemoRecommendation {
  breed: string;
  toy: string;
  note: string | null;
}

export interface DemoPost {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  imageUrl: string;
  postType: "review" | "guide" | "comparison";
  /** ISO 8601 */
  publishedAt: string;
  readingTime: number;
  category: string | null;
  authorName: string;
  /** reviews: the name of the toy reviewed (its buy box and JSON-LD) and the verdict, 1-5 */
  reviewedToy?: string;
  reviewRating?: number;
}

export interface DemoTestimonial {
  name: string;
  dogBreed: string;
  content: string;
  rating: number;
  imageUrl: string;
}
