import { isoDay } from "#domain/dates.ts";
import type { QuizFunnelStep } from "#domain/quiz-funnel.ts";
import { QUIZ_QUESTIONS } from "#domain/quiz-questions.ts";

// A month of plausible visitor activity for the demo (issue 28): page views per article, clicks
// per toy, placement and country, and the Amazon earnings report those clicks would have led to,
// so a fresh start shows the dashboard's earnings, EPC and RPM working. Deterministic (a seeded
// generator): the same month every time, relative to the day of seeding. Today is left empty, so
// what a visitor does today is counted from zero.

export const DEMO_DAYS = 30;
/** The tracking ID of every link, and the one the demo's newsletters would use (mapped to "email"). */
export const DEMO_TRACKING_ID = "pawsomepicks-20";
export const DEMO_NEWSLETTER_TRACKING_ID = "pawsomepicks-news-20";

export interface DemoActivityInput {
  /** each published article, the toys it places, and the toy it reviews (if any) */
  posts: { slug: string; toyIds: number[]; reviewedToyId: number | null }[];
  toys: { id: number; name: string; asin: string | null; price: number }[];
  now: Date;
}

export interface DemoActivity {
  postViews: { day: string; slug: string; views: number }[];
  visits: { date: string; visits: number; pageViews: number; uniqueVisitors: number }[];
  clicks: { toyId: number; placement: string; day: string; country: string; clicks: number }[];
  /** the quiz funnel per day (decision 063), and how the walks that reached the e-mail step answered */
  funnel: { day: string; step: QuizFunnelStep; count: number }[];
  answers: { day: string; question: string; answer: string; count: number }[];
  /** an Amazon Associates fee-earnings report of the month, as downloaded (title line and all) */
  earningsReport: string;
}

/** mulberry32: a small, fast, seeded generator; Math.random would give another demo each start. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COUNTRIES = [
  ["US", 0.72],
  ["GB", 0.12],
  ["CA", 0.09],
  ["", 0.07],
] as const;
const FEE_RATE = 0.03;
const DAY_MS = 86_400_000;

/** A report number as Amazon prints it: two decimals, thousands separated. */
const money = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Amazon's US report date: MM-DD-YYYY. */
const reportDate = (day: string) => `${day.slice(5, 7)}-${day.slice(8, 10)}-${day.slice(0, 4)}`;
const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;

export function demoActivity({ posts, toys, now }: DemoActivityInput): DemoActivity {
  const random = generator(20261126);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const country = () => {
    let roll = random();
    for (const [code, share] of COUNTRIES) {
      roll -= share;
      if (roll <= 0) return code;
    }
    return "";
  };
  // Only the reviewed toys are clicked: they are what the demo's articles sell, and the lists of
  // "top" toys keep room for the toys a visitor (or a test) clicks on a fresh site.
  const reviewed = new Set(posts.flatMap((post) => (post.reviewedToyId ? [post.reviewedToyId] : [])));
  const linked = toys.filter((toy) => toy.asin && reviewed.has(toy.id));
  const toyById = new Map(linked.map((toy) => [toy.id, toy]));
  const postViews: DemoActivity["postViews"] = [];
  const visits: DemoActivity["visits"] = [];
  const clickCounts = new Map<string, number>();
  const funnel: DemoActivity["funnel"] = [];
  const answers: DemoActivity["answers"] = [];
  const addClick = (toyId: number, placement: string, day: string) => {
    const key = `${toyId}|${placement}|${day}|${country()}`;
    clickCounts.set(key, (clickCounts.get(key) ?? 0) + 1);
  };
  // each article draws its own audience: some are much read, some hardly
  const popularity = posts.map(() => 0.4 + random() * 1.6);

  for (let back = DEMO_DAYS; back >= 1; back--) {
    const date = new Date(now.getTime() - back * DAY_MS);
    const day = isoDay(date);
    // weekends are busier for dog owners
    const weekday = date.getUTCDay();
    const weekFactor = weekday === 0 || weekday === 6 ? 1.3 : 1;
    // the month grows a little towards today
    const trend = 0.85 + (0.3 * (DEMO_DAYS - back)) / DEMO_DAYS;
    let articleViews = 0;
    posts.forEach((post, index) => {
      const views = Math.round((30 + random() * 50) * (popularity[index] ?? 1) * weekFactor * trend);
      articleViews += views;
      postViews.push({ day, slug: post.slug, views });
      // 4-9 % of an article's readers click one of its toys
      const toyIds = post.toyIds.filter((id) => toyById.has(id));
      if (toyIds.length === 0) return;
      const clicks = Math.round(views * (0.04 + random() * 0.05));
      for (let i = 0; i < clicks; i++) addClick(pick(toyIds), `post:${post.slug}`, day);
    });
    const pageViews = Math.round(articleViews * 2.2);
    const dayVisits = Math.round(pageViews / 2.4);
    visits.push({ date: day, visits: dayVisits, pageViews, uniqueVisitors: Math.round(dayVisits * 0.82) });
    // the quiz: about one page view in twenty opens it, and each step loses some; no results
    // e-mail, since the demo has no quiz submissions to have sent one
    const walks: [QuizFunnelStep, number][] = [["quiz_viewed", Math.round(pageViews * (0.04 + random() * 0.02))]];
    for (const [step, kept] of [
      ["first_answer", 0.72],
      ["all_answered", 0.78],
      ["email_step", 0.96],
      ["results_shown", 0.9],
    ] as const) {
      const previous = walks[walks.length - 1]?.[1] ?? 0;
      walks.push([step, Math.round(previous * (kept - 0.05 + random() * 0.1))]);
    }
    for (const [step, count] of walks) funnel.push({ day, step, count });
    const emailStep = walks[3]?.[1] ?? 0;
    for (const question of QUIZ_QUESTIONS) {
      const counts = new Map<string, number>();
      for (let i = 0; i < emailStep; i++) {
        const answer = pick<{ value: string }>(question.options).value;
        counts.set(answer, (counts.get(answer) ?? 0) + 1);
      }
      for (const [answer, count] of counts) answers.push({ day, question: question.name, answer, count });
    }
    // and the clicks from the catalogue, toy pages, the quiz's results and the newsletter
    const resultsShown = walks[4]?.[1] ?? 0;
    for (let i = 0; i < Math.round(resultsShown * 0.35); i++) addClick(pick(linked).id, "quiz", day);
    for (const [placement, share] of [
      ["catalogue", 0.012],
      ["toy-page", 0.009],
      ["email", 0.002],
    ] as const) {
      const clicks = Math.round(pageViews * share * (0.7 + random() * 0.6));
      for (let i = 0; i < clicks; i++) addClick(pick(linked).id, placement, day);
    }
  }

  const clicks = [...clickCounts].map(([key, count]) => {
    const [toyId = "", placement = "", day = "", code = ""] = key.split("|");
    return { toyId: Number(toyId), placement, day, country: code, clicks: count };
  });

  // The report Amazon would send: about 7 % of clicks order, on the click's day; the newsletter's
  // clicks order under its own tracking ID; now and then an item comes back.
  const lines: string[] = [];
  for (const click of clicks) {
    const toy = toyById.get(click.toyId);
    if (!toy?.asin) continue;
    let orders = 0;
    for (let i = 0; i < click.clicks; i++) if (random() < 0.07) orders++;
    if (orders === 0) continue;
    const returns = random() < 0.05 ? 1 : 0;
    const priceCents = Math.round(toy.price * 100);
    const revenue = priceCents * (orders - returns);
    const fees = Math.round(revenue * FEE_RATE);
    const tracking = click.placement === "email" ? DEMO_NEWSLETTER_TRACKING_ID : DEMO_TRACKING_ID;
    lines.push(
      [
        "Pet Supplies",
        quoted(toy.name),
        toy.asin,
        "Amazon.com",
        tracking,
        reportDate(click.day),
        quoted(money(priceCents)),
        String(orders),
        String(returns),
        quoted(money(revenue)),
        quoted(money(fees)),
        pick(["DESKTOP", "PHONE", "PHONE", "TABLET"]),
      ].join(","),
    );
  }
  const first = isoDay(new Date(now.getTime() - DEMO_DAYS * DAY_MS));
  const last = isoDay(new Date(now.getTime() - DAY_MS));
  const earningsReport = [
    `Fee-Earnings reports from ${reportDate(first)} to ${reportDate(last)}`,
    "Category,Name,ASIN,Seller,Tracking ID,Date Shipped,Price($),Items Shipped,Returns,Revenue($),Ad Fees($),Device Type Group",
    ...lines,
  ].join("\n");
  return { postViews, visits, clicks, funnel, answers, earningsReport };
}
