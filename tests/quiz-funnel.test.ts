import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUIZ_FUNNEL_STEPS, type QuizFunnel, type QuizFunnelStep } from "#domain/quiz-funnel.ts";
import { createTestDatabase } from "./support/test-database";
import { adminCookie, type SeededTestServer, startSeededTestServer, startTestServer } from "./support/test-server";

// The quiz funnel (issue 28, decision 063) against the real app, its pages rendered by the
// production build (`npm run build` first): the steps the quiz page sends, the ones the page's
// action counts before the scripts run, the results e-mail the quiz service queues, the clicks
// /go counts from the results, and GET /api/admin/quiz-funnel. Clients are told apart by
// X-Forwarded-For (the app trusts one proxy).

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const answers = {
  dogSize: "large",
  dogAge: "senior",
  chewStyle: "aggressive",
  playStyle: "solo",
  toyPurpose: "mental",
};
const DAY = "2026-11-22";

let server: SeededTestServer;
let cookie: string;
let clock = Date.parse(`${DAY}T10:00:00Z`);
let nextIp = 1;
/** a client of its own, so no per-client limit of another test interferes */
const newClient = () => `198.51.100.${nextIp++}`;

beforeAll(async () => {
  server = await startSeededTestServer({
    trustProxy: 1,
    renderPages: true,
    now: () => new Date(clock),
    trackRateLimit: { max: 1_000, windowMs: 60_000 },
  });
  cookie = await adminCookie(server);
});
afterAll(() => server.close());

function trackQuiz(body: unknown, headers: Record<string, string> = {}, url = server.url) {
  return fetch(`${url}/api/track-quiz`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": BROWSER, "x-forwarded-for": newClient(), ...headers },
    body: JSON.stringify(body),
  });
}

function report(query: string, headers: Record<string, string> = { cookie }) {
  return fetch(`${server.url}/api/admin/quiz-funnel?${query}`, { headers });
}

async function funnel(from = DAY, to = DAY): Promise<QuizFunnel> {
  const res = await report(`from=${from}&to=${to}`);
  expect(res.status).toBe(200);
  return (await res.json()) as QuizFunnel;
}

async function stepCounts(from = DAY, to = DAY): Promise<Record<QuizFunnelStep, number>> {
  const { steps } = await funnel(from, to);
  return Object.fromEntries(steps.map((s) => [s.name, s.count])) as Record<QuizFunnelStep, number>;
}

/** What changed from `before` to `after`, steps that did not change left out. */
function grown(before: Record<QuizFunnelStep, number>, after: Record<QuizFunnelStep, number>) {
  return Object.fromEntries(
    QUIZ_FUNNEL_STEPS.filter((step) => after[step] !== before[step]).map((step) => [step, after[step] - before[step]]),
  );
}

async function answerCount(question: string, answer: string): Promise<number> {
  const { answers: questions } = await funnel();
  return questions.find((q) => q.question === question)?.options.find((o) => o.answer === answer)?.count ?? -1;
}

/** The quiz page's form, posted as a browser does before the page's scripts have run. */
function postQuizPage(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/quiz`, {
    method: "POST",
    headers: { "user-agent": BROWSER, "x-forwarded-for": newClient(), accept: "text/html", ...headers },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

describe("POST /api/track-quiz", () => {
  it("counts each of the page's steps, and the answers sent with the e-mail step", async () => {
    const before = await stepCounts();
    const largeBefore = await answerCount("dogSize", "large");
    for (const step of ["quiz_viewed", "first_answer", "all_answered", "results_shown"]) {
      expect((await trackQuiz({ step })).status).toBe(204);
    }
    expect((await trackQuiz({ step: "email_step", answers })).status).toBe(204);
    expect(grown(before, await stepCounts())).toEqual({
      quiz_viewed: 1,
      first_answer: 1,
      all_answered: 1,
      email_step: 1,
      results_shown: 1,
    });
    expect(await answerCount("dogSize", "large")).toBe(largeBefore + 1);
  });

  it("answers crawlers and the signed-in owner the same, without counting them", async () => {
    const before = await stepCounts();
    expect((await trackQuiz({ step: "quiz_viewed" }, { "user-agent": BOT })).status).toBe(204);
    expect((await trackQuiz({ step: "email_step", answers }, { "user-agent": "AhrefsBot/7.0" })).status).toBe(204);
    expect((await trackQuiz({ step: "quiz_viewed" }, { cookie })).status).toBe(204);
    expect(await stepCounts()).toEqual(before);
  });

  it("refuses a step name it does not know, and the server's own steps, with 400 and nothing counted", async () => {
    const before = await funnel();
    for (const body of [
      { step: "quizViewed" },
      { step: "QUIZ_VIEWED" },
      { step: "results_emailed" },
      { step: "result_click" },
      { step: "" },
      {},
      { step: ["quiz_viewed"] },
      { step: "email_step", answers: { ...answers, dogSize: "huge" } },
      { step: "quiz_viewed", extra: 1 },
    ]) {
      const res = await trackQuiz(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
    expect(await funnel()).toEqual(before);
  });

  it("limits each client like the other tracking calls: 429 with Retry-After past its share", async () => {
    const database = await createTestDatabase();
    const limited = await startTestServer(database, { trustProxy: 1, trackRateLimit: { max: 3, windowMs: 60_000 } });
    try {
      const ip = { "x-forwarded-for": "203.0.113.9" };
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await trackQuiz({ step: "quiz_viewed" }, ip, limited.url)).status);
      expect(statuses).toEqual([204, 204, 204, 429]);
      const refused = await trackQuiz({ step: "quiz_viewed" }, ip, limited.url);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      // another client still has its share
      expect(
        (await trackQuiz({ step: "quiz_viewed" }, { "x-forwarded-for": "203.0.113.10" }, limited.url)).status,
      ).toBe(204);
      const counted = await limited.services.quizFunnel.report({ from: "2000-01-01", to: "2100-01-01" });
      expect(counted.steps[0]).toEqual({ name: "quiz_viewed", count: 4 });
    } finally {
      await limited.close();
      await database.close();
    }
  });
});

describe("results_emailed", () => {
  const submit = (body: Record<string, string>, ip = newClient()) =>
    fetch(`${server.url}/api/quiz-newsletter`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": BROWSER, "x-forwarded-for": ip },
      body: JSON.stringify(body),
    });

  it("is counted when the quiz newsletter submission queues the results e-mail", async () => {
    const before = await stepCounts();
    const res = await submit({ ...answers, email: "funnel-one@example.com", website: "" });
    expect(res.status).toBe(202);
    expect(grown(before, await stepCounts())).toEqual({ results_emailed: 1 });
  });

  it("is not counted when the submission is refused or no results e-mail is queued", async () => {
    const address = "funnel-limited@example.com";
    // three results e-mails per address a day; the fourth submission is stored but not e-mailed
    for (let i = 0; i < 3; i++) expect((await submit({ ...answers, email: address })).status).toBe(202);
    const before = await stepCounts();
    const limited = await submit({ ...answers, email: address });
    expect(((await limited.json()) as { emailSent: boolean }).emailSent).toBe(false);
    expect((await submit({ ...answers, email: "bot@example.com", website: "https://spam.example" })).status).toBe(400);
    expect((await submit({ ...answers, email: "not-an-address" })).status).toBe(400);
    expect((await submit({ ...answers, dogSize: "huge", email: "x@example.com" })).status).toBe(400);
    expect(await stepCounts()).toEqual(before);
  });
});

describe("result_click", () => {
  async function toyWithLink(): Promise<number> {
    const toys = (await (await fetch(`${server.url}/api/toys`)).json()) as { id: number; amazonUrl: string | null }[];
    const toy = toys.find((t) => t.amazonUrl);
    if (!toy) throw new Error("demo data has no toy with a retailer link");
    return toy.id;
  }
  const go = (toyId: number, from: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/go/${toyId}?from=${from}`, {
      redirect: "manual",
      headers: { "user-agent": BROWSER, "x-forwarded-for": newClient(), ...headers },
    });

  it("is a click through /go from the results (from=quiz), counted under /go's rules", async () => {
    const toyId = await toyWithLink();
    const before = await stepCounts();
    expect((await go(toyId, "quiz")).status).toBe(302);
    expect(grown(before, await stepCounts())).toEqual({ result_click: 1 });
    // other placements, crawlers and the owner are not clicks from the results
    expect((await go(toyId, "home")).status).toBe(302);
    expect((await go(toyId, "quiz", { "user-agent": BOT })).status).toBe(302);
    expect((await go(toyId, "quiz", { cookie })).status).toBe(302);
    // the same client on the same toy within half an hour is the same interest
    const ip = newClient();
    await go(toyId, "quiz", { "x-forwarded-for": ip });
    await go(toyId, "quiz", { "x-forwarded-for": ip });
    expect(grown(before, await stepCounts())).toEqual({ result_click: 2 });
  });
});

describe("the quiz page's action (before the scripts run)", () => {
  it("counts the view, the first answer, all five and the e-mail step when the answers are posted", async () => {
    const before = await stepCounts();
    const seniorBefore = await answerCount("dogAge", "senior");
    const res = await postQuizPage({ intent: "answers", ...answers });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("Almost there!");
    // the e-mail step's form carries how far the walk was counted
    expect(page).toMatch(/<input type="hidden" name="counted" value="email_step"\/>/);
    expect(grown(before, await stepCounts())).toEqual({
      quiz_viewed: 1,
      first_answer: 1,
      all_answered: 1,
      email_step: 1,
    });
    expect(await answerCount("dogAge", "senior")).toBe(seniorBefore + 1);
  });

  it("counts the results shown and the e-mail queued when the e-mail step is posted, nothing twice", async () => {
    const before = await stepCounts();
    const res = await postQuizPage({
      intent: "email",
      ...answers,
      email: "funnel-page@example.com",
      website: "",
      counted: "email_step",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Your Quiz Results");
    expect(grown(before, await stepCounts())).toEqual({ results_shown: 1, results_emailed: 1 });

    // 'Try Different Answers' and Next again: the walk was counted up to its results already
    const again = await stepCounts();
    expect((await postQuizPage({ intent: "back", ...answers, counted: "results_shown" })).status).toBe(200);
    expect((await postQuizPage({ intent: "answers", ...answers, counted: "results_shown" })).status).toBe(200);
    expect(await stepCounts()).toEqual(again);
  });

  it("counts the view and the first answer of answers refused for a missing one", async () => {
    const before = await stepCounts();
    expect((await postQuizPage({ intent: "answers", dogSize: "small" })).status).toBe(400);
    expect(grown(before, await stepCounts())).toEqual({ quiz_viewed: 1, first_answer: 1 });
  });

  it("does not count crawlers or the signed-in owner", async () => {
    const before = await funnel();
    expect((await postQuizPage({ intent: "answers", ...answers }, { "user-agent": BOT })).status).toBe(200);
    expect((await postQuizPage({ intent: "answers", ...answers }, { cookie })).status).toBe(200);
    expect(await funnel()).toEqual(before);
  });
});

describe("GET /api/admin/quiz-funnel", () => {
  it("answers every step in order and every question's options, privately", async () => {
    const res = await report(`from=${DAY}&to=${DAY}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = (await res.json()) as QuizFunnel;
    expect(Object.keys(body)).toEqual(["from", "to", "steps", "answers"]);
    expect(body.from).toBe(DAY);
    expect(body.to).toBe(DAY);
    expect(body.steps.map((s) => s.name)).toEqual([...QUIZ_FUNNEL_STEPS]);
    expect(body.answers.map((q) => q.question)).toEqual(["dogSize", "dogAge", "chewStyle", "playStyle", "toyPurpose"]);
    expect(body.answers[2]?.options.map((o) => o.label)).toEqual([
      "Gentle Chewer",
      "Moderate Chewer",
      "Aggressive Chewer",
    ]);
    // every walk that reached the e-mail step gave one answer to each question
    const emailSteps = body.steps.find((s) => s.name === "email_step")?.count;
    for (const question of body.answers) {
      expect(question.options.reduce((sum, o) => sum + o.count, 0)).toBe(emailSteps);
    }
  });

  it("counts each UTC day apart and sums the days of the period", async () => {
    const next = "2026-11-23";
    clock = Date.parse(`${next}T00:30:00Z`);
    try {
      await trackQuiz({ step: "quiz_viewed" });
      await trackQuiz({ step: "quiz_viewed" });
    } finally {
      clock = Date.parse(`${DAY}T10:00:00Z`);
    }
    const first = (await stepCounts(DAY, DAY)).quiz_viewed;
    expect((await stepCounts(next, next)).quiz_viewed).toBe(2);
    expect((await stepCounts(DAY, next)).quiz_viewed).toBe(first + 2);
    expect((await stepCounts("2026-11-01", "2026-11-21")).quiz_viewed).toBe(0);
    expect((await stepCounts("2025-11-23", "2026-11-23")).quiz_viewed).toBe(first + 2);
  });

  it("answers 401 without a session", async () => {
    const res = await report(`from=${DAY}&to=${DAY}`, {});
    expect(res.status).toBe(401);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("refuses bad dates, from after to and a period longer than 366 days with 400 and a clear message", async () => {
    const cases: [string, string][] = [
      ["to=2026-11-22", "from is required, as YYYY-MM-DD"],
      ["from=2026-11-22", "to is required, as YYYY-MM-DD"],
      ["from=22-11-2026&to=2026-11-22", "from must be a date written YYYY-MM-DD"],
      ["from=2026-02-30&to=2026-03-01", "from must be a date written YYYY-MM-DD"],
      ["from=2026-11-01&to=tomorrow", "to must be a date written YYYY-MM-DD"],
      ["from=2026-11-23&to=2026-11-22", "from must not be after to"],
      ["from=2025-11-22&to=2026-11-23", "The period may be at most 366 days"],
      ["from=2026-11-01&from=2026-11-02&to=2026-11-22", "from must be a date written YYYY-MM-DD"],
    ];
    for (const [query, message] of cases) {
      const res = await report(query);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { message: string }).message, query).toBe(message);
    }
  });
});
