import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { QuizFunnel, QuizFunnelStep } from "../../domain/quiz-funnel";
import { ADMIN_PASSWORD } from "./support/admin";
import { hydrated } from "./support/hydration";

// The quiz funnel counted from a real walk through the quiz in the browser (issue 28, decision
// 063): the page sends each of its steps once, the server counts the results e-mail and the
// click from the results, and the owner reads the counts through GET /api/admin/quiz-funnel.
// Other tests walk the quiz on this site at the same time, so the counts are read before and
// after and each step must have grown by at least this walk's one.

const CHOICES = {
  "What size is your dog?": "Large (over 60 lbs)",
  "How old is your dog?": "Adult (1-7 years)",
  "How does your dog chew?": "Aggressive Chewer",
  "How does your dog like to play?": "Plays With Me (Interactive)",
  "What's the main purpose of the toy?": "Physical Exercise",
};
const ANSWERS = {
  dogSize: "large",
  dogAge: "adult",
  chewStyle: "aggressive",
  playStyle: "interactive",
  toyPurpose: "physical",
};

/** Yesterday and today (UTC): a walk near midnight still falls in the period. */
function period(): string {
  const today = new Date();
  const yesterday = new Date(today.getTime() - 24 * 3_600_000);
  return `from=${yesterday.toISOString().slice(0, 10)}&to=${today.toISOString().slice(0, 10)}`;
}

async function counts(admin: APIRequestContext) {
  const res = await admin.get(`/api/admin/quiz-funnel?${period()}`);
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as QuizFunnel;
  const answer = (question: string, value: string) =>
    body.answers.find((q) => q.question === question)?.options.find((o) => o.answer === value)?.count ?? 0;
  return {
    steps: Object.fromEntries(body.steps.map((s) => [s.name, s.count])) as Record<QuizFunnelStep, number>,
    largeDogs: answer("dogSize", "large"),
  };
}

/** The steps the page sent to /api/track-quiz, in order. */
function recordSteps(page: Page): { step: string; answers?: unknown }[] {
  const sent: { step: string; answers?: unknown }[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/track-quiz") && request.method() === "POST") {
      sent.push(request.postDataJSON() as { step: string; answers?: unknown });
    }
  });
  return sent;
}

test("a walk through the quiz counts every step of the funnel, once", async ({ page, request }, testInfo) => {
  // the owner's session lives in `request`, apart from the page: a signed-in owner is not counted
  const login = await request.post("/api/admin/login", { data: { password: ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  const before = await counts(request);
  // the retailer's site is not reachable from here: the click's new tab gets a stand-in page
  await page.context().route(/^https:\/\/www\.amazon\./, (route) => route.fulfill({ status: 200, body: "Amazon" }));

  const sent = recordSteps(page);
  await page.goto("/quiz");
  await hydrated(page);
  for (const [question, label] of Object.entries(CHOICES)) {
    await page.getByRole("group", { name: question }).getByRole("radio", { name: label, exact: true }).check();
  }
  // changing an answer and re-rendering send nothing more
  await page
    .getByRole("group", { name: "How old is your dog?" })
    .getByRole("radio", { name: "Senior (8+ years)" })
    .check();
  await page
    .getByRole("group", { name: "How old is your dog?" })
    .getByRole("radio", { name: "Adult (1-7 years)" })
    .check();
  await page.getByRole("button", { name: "Next: Get Your Recommendations" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Almost there!" })).toBeVisible();
  // an address of its own, so the per-address limit of results e-mails never stops this one
  await page.getByLabel("Email address").fill(`funnel-${Date.now()}-${testInfo.retry}@example.com`);
  await page.getByRole("button", { name: "See Results" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Your Quiz Results" })).toBeVisible();

  // One client's repeated click on a toy counts once: a retry clicks another of the matches.
  const cards = page.getByTestId("quiz-toy-card");
  await expect(cards.first()).toBeVisible();
  const link = cards.nth(testInfo.retry % (await cards.count())).getByRole("link", { name: /View on Amazon/ });
  await expect(link).toHaveAttribute("href", /^\/go\/\d+\?from=quiz$/);
  const popup = page.waitForEvent("popup");
  await link.click();
  await (await popup).close();

  await expect
    .poll(() => sent.map((s) => s.step))
    .toEqual(["quiz_viewed", "first_answer", "all_answered", "email_step", "results_shown"]);
  expect(sent.find((s) => s.step === "email_step")?.answers).toEqual(ANSWERS);

  await expect(async () => {
    const after = await counts(request);
    for (const step of Object.keys(before.steps) as QuizFunnelStep[]) {
      expect(after.steps[step], step).toBeGreaterThanOrEqual(before.steps[step] + 1);
    }
    expect(after.largeDogs).toBeGreaterThanOrEqual(before.largeDogs + 1);
  }).toPass({ timeout: 15_000 });

  // "Take the Quiz Again" starts a new walk, which counts its own view
  await page.getByRole("button", { name: "Take the Quiz Again" }).click();
  await expect.poll(() => sent.filter((s) => s.step === "quiz_viewed").length).toBe(2);

  // the owner's dashboard shows the funnel: each step with its count and drop-off, and the answers
  const signedIn = await page.request.post("/api/admin/login", { data: { password: ADMIN_PASSWORD } });
  expect(signedIn.status()).toBe(200);
  await page.goto("/admin/dashboard?days=7");
  const panel = page.getByRole("region", { name: "Quiz funnel" });
  const steps = panel.getByRole("list", { name: "Quiz funnel steps" }).getByRole("listitem");
  await expect(steps).toHaveCount(7);
  await expect(steps.first()).toContainText(/^Quiz viewed[\d,]+$/);
  await expect(steps.nth(1)).toContainText(
    /^First answer given[\d,]+([\d.,]+% dropped off|[\d.,]+% more than the step before)$/,
  );
  await expect(panel.getByRole("region", { name: "What size is your dog?" })).toContainText("Large (over 60 lbs)");
});
