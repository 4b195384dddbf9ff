import type { QuizAnswers } from "./quiz";
import type { ChewStyle, PlayStyle, ToyPurpose } from "./quiz-questions";

// Toy recommendations from quiz answers (spec/quiz-and-admin.md §9 "Recommendation scoring").

/** The toy fields the scoring reads; the API's toys carry more, and those are kept as they are. */
export interface ScorableToy {
  id: number;
  name: string;
  rating: string;
  reviewCount: number;
  isTopPick: boolean;
  materialType: string | null;
  features: readonly string[];
  ageRecommendation: string | null;
  suitableFor: string | null;
  /** false: shown after the toys a visitor can buy now (issue 18); absent counts as in stock */
  inStock?: boolean;
}

export const MAX_RECOMMENDATIONS = 3;
const MATCH_POINTS = 2;
const TOP_PICK_POINTS = 1;

// Material type is a single value in the product form and the demo data uses exactly these
// words, so a chew style matches when the trimmed, lower-cased materialType EQUALS its keyword
// ("durable rubber" matches neither): substring matching would let free text match by accident.
/** The material type of toys for power chewers: a quiz keyword, not a material (product-boxes.ts). */
export const POWER_CHEWER_MATERIAL = "durable";

const CHEW_MATERIAL: Record<ChewStyle, string> = {
  aggressive: POWER_CHEWER_MATERIAL,
  moderate: "rubber",
  gentle: "plush",
};

const PLAY_FEATURES: Record<PlayStyle, readonly string[]> = {
  solo: ["solo"],
  interactive: ["interactive"],
  both: ["solo", "interactive"],
};

const PURPOSE_FEATURES: Record<ToyPurpose, readonly string[]> = {
  mental: ["puzzle"],
  physical: ["exercise"],
  both: ["puzzle", "exercise"],
};

export interface ToyScore {
  size: number;
  age: number;
  chew: number;
  play: number;
  purpose: number;
  topPick: number;
  total: number;
}

const normalize = (text: string) => text.trim().toLowerCase();

/** Items of an admin-typed comma-separated list ("Small, medium"), trimmed and lower-cased. */
function listItems(list: string | null): string[] {
  if (!list) return [];
  return list.split(",").map(normalize).filter(Boolean);
}

/** Each criterion scores at most once: "both" matching two features still gives 2 points. */
function hasAny(items: readonly string[], wanted: readonly string[]): boolean {
  return items.some((item) => wanted.includes(item));
}

const points = (matched: boolean) => (matched ? MATCH_POINTS : 0);

/**
 * The §9 score of one toy, per criterion, for tests and for explaining a recommendation.
 * List fields (suitableFor, ageRecommendation, features) match on whole items compared
 * trimmed and case-insensitively ("smallish" does not match "small"); null fields score 0.
 */
export function scoreToy(toy: ScorableToy, answers: QuizAnswers): ToyScore {
  const features = toy.features.map(normalize);
  const score = {
    size: points(listItems(toy.suitableFor).includes(answers.dogSize)),
    age: points(listItems(toy.ageRecommendation).includes(answers.dogAge)),
    chew: points(toy.materialType !== null && normalize(toy.materialType) === CHEW_MATERIAL[answers.chewStyle]),
    play: points(hasAny(features, PLAY_FEATURES[answers.playStyle])),
    purpose: points(hasAny(features, PURPOSE_FEATURES[answers.toyPurpose])),
    topPick: toy.isTopPick ? TOP_PICK_POINTS : 0,
  };
  return { ...score, total: score.size + score.age + score.chew + score.play + score.purpose + score.topPick };
}

/** Rating text as a number for the top-up; text that is not a number ranks as 0. */
export function ratingValue(rating: string): number {
  const value = Number(rating);
  return Number.isFinite(value) ? value : 0;
}

/**
 * The order of toys the score cannot tell apart (decision 032): higher rating first, then more
 * reviews, then name A to Z, and the id last, so the result never depends on the order of the
 * list the toys came in. The spec leaves ties open; keeping alphabetical order showed a 3.9★
 * toy and left out a 4.6★ one with the same score.
 */
export function compareTied(a: ScorableToy, b: ScorableToy): number {
  return (
    ratingValue(b.rating) - ratingValue(a.rating) ||
    b.reviewCount - a.reviewCount ||
    a.name.localeCompare(b.name, "en") ||
    a.id - b.id
  );
}

/**
 * Up to three toys for the quiz answers (spec §9), best first.
 *
 * - Matches are the toys whose score is above 0: at least one criterion matched, or a top pick
 *   (a top pick alone scores 1 and is a match, ranked below every toy that matched a criterion).
 * - Matches are sorted by score, highest first; equal scores by compareTied (rating, reviews,
 *   name), and the first three are kept.
 * - Top-up: when fewer than three toys match and the candidate list (`toys`, the whole list the
 *   quiz scores; §9's last bullet calls it the source list) has at least three toys, the free
 *   slots are filled with the highest-rated toys not already chosen (equal ratings by review
 *   count, then name: compareTied). With three or more toys the result therefore always has three toys.
 * - With fewer than three toys there is no top-up: only the matches are returned, so the result
 *   may be shorter than three or empty. An empty result is the 'No specific matches found' screen.
 */
export function recommendToys<T extends ScorableToy>(toys: readonly T[], answers: QuizAnswers): T[] {
  const matches = toys
    .map((toy) => ({ toy, score: scoreToy(toy, answers).total }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || compareTied(a.toy, b.toy))
    .slice(0, MAX_RECOMMENDATIONS)
    .map((entry) => entry.toy);

  if (matches.length >= MAX_RECOMMENDATIONS || toys.length < MAX_RECOMMENDATIONS) return inStockFirst(matches);

  const chosen = new Set(matches.map((toy) => toy.id));
  const topUp = toys
    .filter((toy) => !chosen.has(toy.id))
    .sort(compareTied)
    .slice(0, MAX_RECOMMENDATIONS - matches.length);
  return inStockFirst([...matches, ...topUp]);
}

/**
 * The chosen toys as they are shown: those a visitor can buy now first, each group in the
 * score's order (issue 18). Which toys are chosen stays §9's; only a sold-out one moves down.
 */
function inStockFirst<T extends ScorableToy>(chosen: T[]): T[] {
  return [...chosen.filter((toy) => toy.inStock !== false), ...chosen.filter((toy) => toy.inStock === false)];
}
