import { describe, expect, it } from "vitest";
import type { QuizAnswers } from "./quiz";
import { compareTied, ratingValue, recommendToys, type ScorableToy, scoreToy } from "./quiz-scoring";

// Expected scores below are worked out by hand from spec/quiz-and-admin.md §9:
// 2 points per matched criterion (size, age, chew, play, purpose), +1 for a top pick.

let nextId = 1;

/** A toy that matches nothing: every criterion field empty, not a top pick. */
function toy(overrides: Partial<ScorableToy> = {}): ScorableToy {
  const id = nextId++;
  return {
    id,
    name: `Toy ${id}`,
    rating: "4.0",
    reviewCount: 100,
    isTopPick: false,
    materialType: null,
    features: [],
    ageRecommendation: null,
    suitableFor: null,
    ...overrides,
  };
}

// The features-based answers are solo + mental, so a row about play uses no purpose keyword
// and a row about purpose no play keyword, unless the row says otherwise.
const baseAnswers: QuizAnswers = {
  dogSize: "medium",
  dogAge: "adult",
  chewStyle: "moderate",
  playStyle: "solo",
  toyPurpose: "mental",
};

type Row = [description: string, answers: Partial<QuizAnswers>, toy: Partial<ScorableToy>, expected: number];

const scoreRows: Row[] = [
  ["nothing matches", {}, {}, 0],
  // size ↔ suitableFor
  ["size alone", { dogSize: "small" }, { suitableFor: "small" }, 2],
  ["size in a list", { dogSize: "medium" }, { suitableFor: "small,medium,large" }, 2],
  ["size with case and spaces", { dogSize: "large" }, { suitableFor: " Small ,  LARGE " }, 2],
  ["size not in the list", { dogSize: "large" }, { suitableFor: "small, medium" }, 0],
  ["size is a whole item, not a substring", { dogSize: "small" }, { suitableFor: "smallish, extra-small" }, 0],
  ["size with an empty list", { dogSize: "small" }, { suitableFor: "" }, 0],
  ["size with null suitableFor", { dogSize: "small" }, { suitableFor: null }, 0],
  // age ↔ ageRecommendation
  ["age alone", { dogAge: "puppy" }, { ageRecommendation: "puppy" }, 2],
  ["age in a list", { dogAge: "adult" }, { ageRecommendation: "puppy, adult, senior" }, 2],
  ["age with case and spaces", { dogAge: "senior" }, { ageRecommendation: "Adult,  Senior  " }, 2],
  ["age not in the list", { dogAge: "puppy" }, { ageRecommendation: "adult, senior" }, 0],
  ["age with null ageRecommendation", { dogAge: "senior" }, { ageRecommendation: null }, 0],
  // chew style ↔ materialType
  ["aggressive ↔ durable", { chewStyle: "aggressive" }, { materialType: "durable" }, 2],
  ["moderate ↔ rubber", { chewStyle: "moderate" }, { materialType: "rubber" }, 2],
  ["gentle ↔ plush", { chewStyle: "gentle" }, { materialType: "plush" }, 2],
  ["material with case and spaces", { chewStyle: "gentle" }, { materialType: "  Plush " }, 2],
  ["aggressive does not match rubber", { chewStyle: "aggressive" }, { materialType: "rubber" }, 0],
  ["aggressive does not match plush", { chewStyle: "aggressive" }, { materialType: "plush" }, 0],
  ["moderate does not match durable", { chewStyle: "moderate" }, { materialType: "durable" }, 0],
  ["gentle does not match durable", { chewStyle: "gentle" }, { materialType: "durable" }, 0],
  ["material must equal the keyword", { chewStyle: "aggressive" }, { materialType: "durable rubber" }, 0],
  ["null materialType", { chewStyle: "gentle" }, { materialType: null }, 0],
  // play style ↔ features
  ["solo ↔ 'solo'", { playStyle: "solo" }, { features: ["solo"] }, 2],
  ["interactive ↔ 'interactive'", { playStyle: "interactive" }, { features: ["squeaky", "interactive"] }, 2],
  ["solo does not match 'interactive'", { playStyle: "solo" }, { features: ["interactive"] }, 0],
  ["interactive does not match 'solo'", { playStyle: "interactive" }, { features: ["solo"] }, 0],
  ["play 'both' matches 'solo'", { playStyle: "both" }, { features: ["solo"] }, 2],
  ["play 'both' matches 'interactive'", { playStyle: "both" }, { features: ["interactive"] }, 2],
  ["play 'both' scores once for both", { playStyle: "both" }, { features: ["solo", "interactive"] }, 2],
  ["play with case and spaces", { playStyle: "interactive" }, { features: [" Interactive "] }, 2],
  ["play with no features", { playStyle: "both" }, { features: [] }, 0],
  // purpose ↔ features
  ["mental ↔ 'puzzle'", { toyPurpose: "mental" }, { features: ["puzzle"] }, 2],
  ["physical ↔ 'exercise'", { toyPurpose: "physical" }, { features: ["exercise", "squeaky"] }, 2],
  ["mental does not match 'exercise'", { toyPurpose: "mental" }, { features: ["exercise"] }, 0],
  ["physical does not match 'puzzle'", { toyPurpose: "physical" }, { features: ["puzzle"] }, 0],
  ["purpose 'both' matches 'puzzle'", { toyPurpose: "both" }, { features: ["puzzle"] }, 2],
  ["purpose 'both' matches 'exercise'", { toyPurpose: "both" }, { features: ["exercise"] }, 2],
  ["purpose 'both' scores once for both", { toyPurpose: "both" }, { features: ["puzzle", "exercise"] }, 2],
  ["'mental' itself is not a feature keyword", { toyPurpose: "mental" }, { features: ["mental"] }, 0],
  // top pick
  ["top pick alone", {}, { isTopPick: true }, 1],
  // combinations
  ["play and purpose from one feature list", { playStyle: "interactive" }, { features: ["interactive", "puzzle"] }, 4],
  [
    "every criterion and a top pick",
    { dogSize: "large", dogAge: "senior", chewStyle: "aggressive", playStyle: "both", toyPurpose: "both" },
    {
      suitableFor: "medium, large",
      ageRecommendation: "adult, senior",
      materialType: "durable",
      features: ["solo", "interactive", "puzzle", "exercise"],
      isTopPick: true,
    },
    11,
  ],
  [
    "size and chew but wrong age",
    { dogSize: "small", dogAge: "puppy", chewStyle: "gentle" },
    { suitableFor: "small", ageRecommendation: "senior", materialType: "plush" },
    4,
  ],
];

describe("scoreToy", () => {
  it.each(scoreRows)("%s", (_description, answers, overrides, expected) => {
    expect(scoreToy(toy(overrides), { ...baseAnswers, ...answers }).total).toBe(expected);
  });

  it("breaks the score down per criterion", () => {
    const scored = scoreToy(
      toy({ suitableFor: "medium", materialType: "rubber", features: ["puzzle"], isTopPick: true }),
      baseAnswers,
    );
    expect(scored).toEqual({ size: 2, age: 0, chew: 2, play: 0, purpose: 2, topPick: 1, total: 7 });
  });
});

describe("ratingValue", () => {
  it.each([
    ["4.5", 4.5],
    [" 3 ", 3],
    ["0", 0],
    ["", 0],
    ["n/a", 0],
    ["4.5 stars", 0],
  ])("%j → %d", (rating, expected) => {
    expect(ratingValue(rating)).toBe(expected);
  });
});

const names = (toys: ScorableToy[]) => toys.map((t) => t.name);

describe("recommendToys", () => {
  it("returns nothing for an empty list", () => {
    expect(recommendToys([], baseAnswers)).toEqual([]);
  });

  it("sorts matches by score, highest first", () => {
    const toys = [
      toy({ name: "two", suitableFor: "medium" }), // 2
      toy({ name: "six", suitableFor: "medium", ageRecommendation: "adult", materialType: "rubber" }), // 6
      toy({ name: "none", rating: "5.0" }), // 0
      toy({ name: "four", suitableFor: "medium", features: ["solo"] }), // 4
    ];
    expect(names(recommendToys(toys, baseAnswers))).toEqual(["six", "four", "two"]);
  });

  it("keeps only the top three", () => {
    const toys = [
      toy({ name: "two", suitableFor: "medium" }), // 2
      toy({ name: "eight", suitableFor: "medium", ageRecommendation: "adult", features: ["solo", "puzzle"] }), // 8
      toy({ name: "three", materialType: "rubber", isTopPick: true }), // 3
      toy({ name: "one", isTopPick: true }), // 1
      toy({ name: "four", features: ["solo", "puzzle"] }), // 4
    ];
    expect(names(recommendToys(toys, baseAnswers))).toEqual(["eight", "four", "three"]);
  });

  it("breaks a tie by rating, higher first, not by name or list order (decision 032)", () => {
    // the case: alphabetical order showed the 3.9★ toy and left out the 4.6★ one
    const toys = [
      toy({ name: "Acorn Chew", suitableFor: "medium", rating: "3.9" }), // 2
      toy({ name: "best", suitableFor: "medium", ageRecommendation: "adult" }), // 4
      toy({ name: "Bouncy Ball", materialType: "rubber", rating: "4.2" }), // 2
      toy({ name: "Zigzag Rope", features: ["puzzle"], rating: "4.6" }), // 2
    ];
    expect(names(recommendToys(toys, baseAnswers))).toEqual(["best", "Zigzag Rope", "Bouncy Ball"]);
  });

  it("breaks a tie of score and rating by review count, more first", () => {
    const toys = [
      toy({ name: "few reviews", suitableFor: "medium", rating: "4.5", reviewCount: 12 }), // 2
      toy({ name: "many reviews", materialType: "rubber", rating: "4.5", reviewCount: 3400 }), // 2
      toy({ name: "some reviews", features: ["puzzle"], rating: "4.5", reviewCount: 300 }), // 2
      toy({ name: "lower rated", features: ["solo"], rating: "4.4", reviewCount: 99_999 }), // 2
    ];
    expect(names(recommendToys(toys, baseAnswers))).toEqual(["many reviews", "some reviews", "few reviews"]);
  });

  it("breaks a tie of score, rating and review count by name, A to Z, whatever the list order", () => {
    const tied = (name: string) => toy({ name, suitableFor: "medium", rating: "4.5", reviewCount: 50 });
    const toys = [tied("Delta"), tied("bravo"), tied("Charlie"), tied("Alpha")];
    expect(names(recommendToys(toys, baseAnswers))).toEqual(["Alpha", "bravo", "Charlie"]);
    expect(names(recommendToys([...toys].reverse(), baseAnswers))).toEqual(["Alpha", "bravo", "Charlie"]);
  });

  it("counts a top pick alone as a match, below toys that matched a criterion", () => {
    const toys = [
      toy({ name: "top pick", isTopPick: true, rating: "5.0" }), // 1
      toy({ name: "size", suitableFor: "medium", rating: "1.0" }), // 2
      toy({ name: "age", ageRecommendation: "adult", rating: "1.0" }), // 2
      toy({ name: "plain", rating: "4.9" }), // 0
    ];
    // size and age tie on score, rating and reviews: by name
    expect(names(recommendToys(toys, baseAnswers))).toEqual(["age", "size", "top pick"]);
  });

  it("tops up fewer than three matches with the highest-rated other toys", () => {
    const toys = [
      toy({ name: "rated 4.1", rating: "4.1" }),
      toy({ name: "rated 4.9", rating: "4.9" }),
      toy({ name: "match", suitableFor: "medium", rating: "2.0" }), // 2
      toy({ name: "not a number", rating: "great" }),
      toy({ name: "rated 4.5", rating: "4.5" }),
    ];
    expect(names(recommendToys(toys, baseAnswers))).toEqual(["match", "rated 4.9", "rated 4.5"]);
  });

  it("does not repeat a match in the top-up, even when it is the highest rated", () => {
    const toys = [
      toy({ name: "rated 3.0", rating: "3.0" }),
      toy({ name: "match", suitableFor: "medium", rating: "5.0" }), // 2
      toy({ name: "other match", isTopPick: true, rating: "4.8" }), // 1
      toy({ name: "rated 4.0", rating: "4.0" }),
    ];
    const result = recommendToys(toys, baseAnswers);
    expect(names(result)).toEqual(["match", "other match", "rated 4.0"]);
    expect(new Set(result.map((t) => t.id)).size).toBe(3);
  });

  it("ranks a non-numeric rating as 0 in the top-up", () => {
    const toys = [
      toy({ name: "n/a", rating: "n/a" }),
      toy({ name: "low", rating: "0.5" }),
      toy({ name: "mid", rating: "3" }),
    ];
    expect(names(recommendToys(toys, baseAnswers))).toEqual(["mid", "low", "n/a"]);
  });

  it("orders equal ratings in the top-up by review count, then name", () => {
    const toys = [
      toy({ name: "d", rating: "4.0", reviewCount: 10 }),
      toy({ name: "c", rating: "4.0", reviewCount: 10 }),
      toy({ name: "b", rating: "4.5", reviewCount: 1 }),
      toy({ name: "a", rating: "4.0", reviewCount: 5 }),
      toy({ name: "e", rating: "4.0", reviewCount: 20 }),
    ];
    expect(names(recommendToys(toys, baseAnswers))).toEqual(["b", "e", "c"]);
  });

  it("fills all three slots by rating when nothing matches and there are at least three toys", () => {
    const toys = [
      toy({ name: "x", rating: "1.0" }),
      toy({ name: "y", rating: "2.0" }),
      toy({ name: "z", rating: "3.0" }),
    ];
    expect(names(recommendToys(toys, baseAnswers))).toEqual(["z", "y", "x"]);
  });

  it("does not top up when there are fewer than three toys", () => {
    const oneMatch = [
      toy({ name: "plain", rating: "5.0" }),
      toy({ name: "match", suitableFor: "medium", rating: "1.0" }),
    ];
    expect(names(recommendToys(oneMatch, baseAnswers))).toEqual(["match"]);

    const noMatch = [toy({ name: "plain", rating: "5.0" }), toy({ name: "also plain", rating: "4.0" })];
    expect(recommendToys(noMatch, baseAnswers)).toEqual([]);

    expect(recommendToys([toy({ rating: "5.0" })], baseAnswers)).toEqual([]);
  });

  it("returns the given toy objects, extra fields and all, without changing the list", () => {
    const toys = [
      { ...toy({ name: "match", suitableFor: "medium" }), price: "$9.99" },
      { ...toy({ name: "plain", rating: "4.0" }), price: "$19.99" },
      { ...toy({ name: "other", rating: "4.5" }), price: "$29.99" },
    ];
    const before = [...toys];
    const result = recommendToys(toys, baseAnswers);
    expect(result[0]).toBe(toys[0]);
    expect(result.map((t) => t.price)).toEqual(["$9.99", "$29.99", "$19.99"]);
    expect(toys).toEqual(before);
  });
});

describe("compareTied", () => {
  it("orders by rating, then review count, then name, then id", () => {
    const sorted = [
      toy({ name: "b", rating: "4.0", reviewCount: 5 }),
      toy({ name: "a", rating: "4.0", reviewCount: 5 }),
      toy({ name: "z", rating: "4.0", reviewCount: 9 }),
      toy({ name: "n/a", rating: "great", reviewCount: 1000 }),
      toy({ name: "y", rating: "4.8", reviewCount: 0 }),
    ].sort(compareTied);
    expect(names(sorted)).toEqual(["y", "z", "a", "b", "n/a"]);
    const twins = [toy({ name: "same" }), toy({ name: "same" })];
    expect(
      [...twins]
        .reverse()
        .sort(compareTied)
        .map((t) => t.id),
    ).toEqual(twins.map((t) => t.id));
  });
});

describe("sold-out toys (issue 18)", () => {
  it("are shown after the chosen toys a visitor can buy, without changing which toys are chosen", () => {
    const base = {
      rating: "4.0",
      reviewCount: 1,
      isTopPick: false,
      materialType: null,
      features: [],
      ageRecommendation: null,
    };
    const toys = [
      { ...base, id: 1, name: "Best Match", suitableFor: "small", ageRecommendation: "puppy", inStock: false },
      { ...base, id: 2, name: "Second", suitableFor: "small" },
      { ...base, id: 3, name: "Third", suitableFor: "small" },
      { ...base, id: 4, name: "Not Chosen", suitableFor: "large" },
    ];
    const answers = {
      dogSize: "small",
      dogAge: "puppy",
      chewStyle: "gentle",
      playStyle: "solo",
      toyPurpose: "mental",
    } as const;
    expect(recommendToys(toys, answers).map((toy) => toy.name)).toEqual(["Second", "Third", "Best Match"]);
  });
});
