import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../server/db/client";
import { seedLargeCatalogue } from "../server/db/seed/large-seed";
import { seedDemoContent } from "../server/db/seed/seed";
import type { Services } from "../server/services/create-services";
import { createTestDatabase } from "./support/test-database";
import { testServices } from "./support/test-services";

// Issue 28: "Server time under 50 ms at the median on the large data set, on both databases".
// A measurement, not part of `npm test` (it seeds 10,000 toys and 500 posts first; `npm run
// bench -- --only search` times the same through the production server):
//   SEARCH_SCALE=1 npx vitest run tests/search-scale.test.ts
// (add TEST_DATABASE_URL=postgres://… for PostgreSQL instead of PGlite).
const enabled = process.env.SEARCH_SCALE === "1";

/** What visitors type: names, typos, word starts, breeds, topics, several words, nothing found. */
const QUERIES = [
  "kong",
  "Kong Cone",
  "chewy rop",
  "rope",
  "rope knot",
  "tug",
  "tug rope",
  "frisbe",
  "frisbee",
  "squeaker",
  "squeky",
  "plush duck",
  "puzzle",
  "puzzle box",
  "puzzle feeders",
  "dental",
  "dental chew",
  "chew stick",
  "ring",
  "ball",
  "tennis",
  "beagle",
  "labrador",
  "labrdor",
  "german shepherd",
  "golden",
  "bulldog",
  "husky",
  "puppies",
  "seniors",
  "big dogs",
  "power chewers",
  "toughest",
  "best chew toys",
  "fetch toys",
  "softest plush",
  "safest",
  "rubber",
  "nylon",
  "silicone",
  "durable",
  "treat",
  "treat dispenser",
  "interactive",
  "floats",
  "we tested",
  "verdict",
  "zebra",
  "xylophone",
  "unicorn sparkle",
];

/** measured rounds over QUERIES, after one to warm up */
const ROUNDS = 5;

let database: DatabaseHandle;
let services: Services;

describe.skipIf(!enabled)("the site search on the large data set", () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoContent(database.db);
    await seedLargeCatalogue(database.db, {
      toys: 10_000,
      posts: 500,
      breeds: 50,
      recommendationsPerBreed: 0,
      quizSubmissions: 0,
    });
    await database.db.execute("analyze");
    services = testServices(database);
  }, 900_000);

  afterAll(async () => {
    await database?.close();
  });

  it("answers in under 50 ms at the median", async () => {
    // the first search reads the known words; one round warms the caches and the JIT, as a
    // running server's are
    for (const query of QUERIES) await services.search.search({ query, page: 1 });
    // then every query ROUNDS times, interleaved, so that a burst of load from elsewhere on this
    // shared machine falls on all of them alike, and the median of them all
    const times: number[] = [];
    let found = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const query of QUERIES) {
        const started = performance.now();
        const page = await services.search.search({ query, page: 1 });
        times.push(performance.now() - started);
        if (round === 0 && page.total > 0) found += 1;
      }
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
    const median = at(0.5);
    console.log(
      `site search, ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}, 10,000 toys and 500 posts, ${QUERIES.length} queries x ${ROUNDS} (${found} with results): median ${median.toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, max ${at(1).toFixed(1)} ms`,
    );
    expect(found).toBeGreaterThan(QUERIES.length / 2);
    expect(median).toBeLessThan(50);
  }, 300_000);
});
