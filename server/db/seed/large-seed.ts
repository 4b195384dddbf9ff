import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { seedDemoContent } from "./seed";

// A large catalogue for benchmarks (`npm run db:seed:large`): set-based SQL, so a million rows
// take seconds, deterministic (every value derives from the row number), and idempotent: each
// table is topped up to its target, never past it.

export interface LargeSeedTargets {
  toys: number;
  posts: number;
  breeds: number;
  recommendationsPerBreed: number;
  quizSubmissions: number;
}

export const LARGE_SEED_TARGETS: LargeSeedTargets = {
  toys: 10_000,
  posts: 500,
  breeds: 50,
  recommendationsPerBreed: 20,
  quizSubmissions: 1_000_000,
};

const BREED_NAMES = [
  "Labrador Retriever",
  "German Shepherd",
  "Golden Retriever",
  "French Bulldog",
  "Bulldog",
  "Poodle",
  "Beagle",
  "Rottweiler",
  "Dachshund",
  "Yorkshire Terrier",
  "Boxer",
  "Siberian Husky",
  "Border Collie",
  "Chihuahua",
  "Shih Tzu",
  "Great Dane",
  "Doberman Pinscher",
  "Australian Shepherd",
  "Pembroke Welsh Corgi",
  "Cavalier King Charles Spaniel",
  "Miniature Schnauzer",
  "Boston Terrier",
  "Bernese Mountain Dog",
  "Pomeranian",
  "Havanese",
  "Cane Corso",
  "English Springer Spaniel",
  "Shetland Sheepdog",
  "Brittany",
  "Cocker Spaniel",
  "Miniature American Shepherd",
  "Belgian Malinois",
  "Vizsla",
  "Weimaraner",
  "Basset Hound",
  "Newfoundland",
  "Rhodesian Ridgeback",
  "West Highland White Terrier",
  "Collie",
  "Bichon Frise",
  "Shiba Inu",
  "Akita",
  "Bloodhound",
  "Saint Bernard",
  "Whippet",
  "Greyhound",
  "Samoyed",
  "Maltese",
  "Jack Russell Terrier",
  "Dalmatian",
  "Papillon",
  "Alaskan Malamute",
];

/** Rows in a table. */
async function count(db: Database, table: string): Promise<number> {
  const result = await db.execute<{ n: string }>(sql.raw(`select count(*)::text as n from ${table}`));
  return Number(result.rows[0]?.n ?? 0);
}

/** A SQL text[] literal of these words. */
function words(list: readonly string[]): string {
  return `array[${list.map((w) => `'${w.replace(/'/g, "''")}'`).join(", ")}]`;
}

async function seedBreeds(db: Database, target: number): Promise<number> {
  const before = await count(db, "breeds");
  const missing = target - before;
  if (missing <= 0) return 0;
  const sizes = words(["small", "medium", "large"]);
  await db.execute(
    sql.raw(`
      insert into breeds (name, slug, size, description)
      select name, trim(both '-' from regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')) || '-' || ord,
        (${sizes})[1 + (ord % 3)], name || ' dogs need toys that suit their size, energy and jaws.'
      from unnest(${words(BREED_NAMES)}) with ordinality as b(name, ord)
      where not exists (select 1 from breeds where breeds.name = b.name)
      order by ord
      limit ${missing}`),
  );
  return (await count(db, "breeds")) - before;
}

async function seedToys(db: Database, target: number): Promise<number> {
  const existing = await count(db, "toys");
  const missing = target - existing;
  if (missing <= 0) return 0;
  const adjectives = words([
    "Tough",
    "Squeaky",
    "Floating",
    "Glow",
    "Bouncy",
    "Chewy",
    "Plush",
    "Puzzle",
    "Treat",
    "Rope",
    "Crinkle",
    "Spiky",
  ]);
  const kinds = words([
    "Ball",
    "Bone",
    "Ring",
    "Frisbee",
    "Tug",
    "Chew Stick",
    "Puzzle Box",
    "Squeaker",
    "Plush Duck",
    "Rope Knot",
    "Kong Cone",
    "Dental Chew",
  ]);
  const materials = words(["rubber", "nylon", "plush", "rope", "silicone", "natural rubber", "canvas"]);
  const ages = words(["puppy", "adult", "senior", "puppy, adult", "adult, senior", "puppy, adult, senior"]);
  const sizes = words(["small", "medium", "large", "small, medium", "medium, large", "small, medium, large"]);
  const featureSets = words([
    "Durable|Easy to clean",
    "Squeaker inside|Floats",
    "Treat dispenser|Mental stimulation",
    "Dental ridges|Non-toxic",
    "Interactive|Bright colours",
  ]);

  await db.execute(
    sql.raw(`
      insert into toys (name, slug, description, details, price, price_discount, rating, image_url, is_top_pick,
        category_id, amazon_url, amazon_asin, in_stock, is_prime_eligible, review_count, material_type,
        features, age_recommendation, suitable_for, price_confirmed_at, price_source)
      select
        (${adjectives})[1 + i % 12] || ' ' || (${kinds})[1 + (i / 12) % 12] || ' No. ' || i,
        regexp_replace(lower((${adjectives})[1 + i % 12] || ' ' || (${kinds})[1 + (i / 12) % 12]), '[^a-z0-9]+', '-', 'g') || '-no-' || i,
        'A ' || lower((${adjectives})[1 + i % 12]) || ' ' || lower((${kinds})[1 + (i / 12) % 12])
          || ' for dogs who love to ' || (array['chew', 'fetch', 'tug', 'solve puzzles', 'cuddle'])[1 + i % 5] || '.',
        'Made of ' || (${materials})[1 + i % 7] || ', tested with real dogs for weeks. '
          || repeat('It holds up to daily play, washes easily and keeps its shape. ', 4),
        '$' || to_char(4.99 + (i * 37 % 9000) / 100.0, 'FM99990.00'),
        case when i % 5 = 0 then '$' || to_char(3.99 + (i * 37 % 9000) / 110.0, 'FM99990.00') end,
        to_char(3.0 + (i * 7 % 21) / 10.0, 'FM0.0'),
        (select array_agg(image_url order by id) from (select id, image_url from toys where image_url is not null order by id limit 20) s)[1 + i % 20],
        i % 97 = 0,
        (select array_agg(id order by id) from categories)[1 + i % (select count(*) from categories)::int],
        'https://www.amazon.com/dp/B0' || lpad(i::text, 8, '0'),
        'B0' || lpad(i::text, 8, '0'),
        i % 13 <> 0,
        i % 2 = 0,
        (i * 31) % 5000,
        (${materials})[1 + i % 7],
        string_to_array((${featureSets})[1 + i % 5], '|'),
        (${ages})[1 + i % 6],
        (${sizes})[1 + (i / 6) % 6],
        -- typed by the owner as the seed writes them (issue 27): confirmed now
        now(),
        'owner'
      from generate_series(${existing + 1}, ${target}) as i`),
  );
  // Each new toy in its own category and a second one, as the admin form saves them.
  await db.execute(
    sql.raw(`
      insert into toy_categories (toy_id, category_id)
      select t.id, c.id from toys t
      join categories c on c.id = t.category_id or c.id = (select min(id) from categories) + (t.id % 3)
      where not exists (select 1 from toy_categories tc where tc.toy_id = t.id)
      on conflict do nothing`),
  );
  return missing;
}

async function seedPosts(db: Database, target: number): Promise<number> {
  const existing = await count(db, "posts");
  const missing = target - existing;
  if (missing <= 0) return 0;
  const paragraph =
    "We tested this with a dozen dogs of every size for a month. The toughest chewers had a go at it every evening, " +
    "the puppies carried it everywhere, and the seniors liked it most after a walk. ";
  await db.execute(
    sql.raw(`
      insert into posts (title, slug, excerpt, content, image_url, author_name, published_at, reading_time, post_type, category_id)
      select
        (array['Best', 'Toughest', 'Smartest', 'Softest', 'Safest'])[1 + i % 5] || ' '
          || (array['Chew Toys', 'Fetch Toys', 'Puzzle Feeders', 'Tug Ropes', 'Plush Toys'])[1 + (i / 5) % 5]
          || ' for ' || (array['Puppies', 'Seniors', 'Big Dogs', 'Small Dogs', 'Power Chewers'])[1 + (i / 25) % 5] || ', Part ' || i,
        'large-post-' || i,
        'What we learned putting toys in front of real dogs, and which ones we would buy again (' || i || ').',
        '## What we tested' || chr(10) || chr(10) || repeat('${paragraph}', 12) || chr(10) || chr(10)
          || '## Our verdict' || chr(10) || chr(10) || repeat('${paragraph}', 8),
        (select image_url from posts where image_url is not null order by id limit 1),
        'Pawsome Picks Team',
        now() - (i * interval '2 days 3 hours'),
        5 + i % 10,
        (array['review', 'guide', 'comparison'])[1 + i % 3],
        (select array_agg(id order by id) from categories)[1 + i % (select count(*) from categories)::int]
      from generate_series(${existing + 1}, ${target}) as i`),
  );
  return missing;
}

async function seedRecommendations(db: Database, perBreed: number): Promise<number> {
  const before = await count(db, "breed_recommendations");
  await db.execute(
    sql.raw(`
      insert into breed_recommendations (breed_id, toy_id, note)
      select b.id, pick.id, 'A favourite of ' || b.name || ' owners in our tests.'
      from breeds b
      cross join lateral (
        select t.id from toys t
        where not exists (select 1 from breed_recommendations r where r.breed_id = b.id and r.toy_id = t.id)
        order by (t.id * 7919 + b.id * 104729) % 10007, t.id
        limit greatest(0, ${perBreed} - (select count(*) from breed_recommendations r where r.breed_id = b.id))
      ) pick`),
  );
  return (await count(db, "breed_recommendations")) - before;
}

async function seedQuizSubmissions(db: Database, target: number, onProgress?: (done: number) => void): Promise<number> {
  const existing = await count(db, "quiz_submissions");
  const CHUNK = 100_000;
  for (let from = existing + 1; from <= target; from += CHUNK) {
    const to = Math.min(target, from + CHUNK - 1);
    // Spread over the last two years, newest last; ids and dates rise together.
    await db.execute(
      sql.raw(`
        insert into quiz_submissions (email, dog_size, dog_age, chew_style, play_style, toy_purpose,
          has_consented, consent_text, consented_at, created_at)
        select
          'dogfan' || i || '@example.com',
          (array['small', 'medium', 'large'])[1 + i % 3],
          (array['puppy', 'adult', 'senior'])[1 + (i / 3) % 3],
          (array['gentle', 'moderate', 'aggressive'])[1 + (i / 9) % 3],
          (array['solo', 'interactive', 'both'])[1 + (i / 27) % 3],
          (array['mental', 'physical', 'both'])[1 + (i / 81) % 3],
          i % 4 <> 0,
          case when i % 4 <> 0 then 'Yes, e-mail me my results and the newsletter.' end,
          case when i % 4 <> 0 then now() - interval '730 days' + (i * interval '730 days' / ${target}) end,
          now() - interval '730 days' + (i * interval '730 days' / ${target})
        from generate_series(${from}, ${to}) as i`),
    );
    onProgress?.(to);
  }
  return Math.max(0, target - existing);
}

/** Tops every table up to its target; returns how many rows each got. */
export async function seedLargeCatalogue(
  db: Database,
  targets: LargeSeedTargets = LARGE_SEED_TARGETS,
  onProgress?: (message: string) => void,
) {
  await seedDemoContent(db);
  const breeds = await seedBreeds(db, targets.breeds);
  const toys = await seedToys(db, targets.toys);
  onProgress?.(`toys: ${await count(db, "toys")}`);
  const posts = await seedPosts(db, targets.posts);
  const recommendations = await seedRecommendations(db, targets.recommendationsPerBreed);
  const quizSubmissions = await seedQuizSubmissions(db, targets.quizSubmissions, (done) =>
    onProgress?.(`quiz submissions: ${done}`),
  );
  await db.execute(sql`analyze`);
  return { breeds, toys, posts, recommendations, quizSubmissions };
}
