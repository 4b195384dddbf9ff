import { describe, expect, it, vi } from "vitest";
import type { Toy } from "#domain/catalog.ts";
import { quizAction } from "./quiz-action.server";
import type { QuizActionData } from "./quiz-api";

// The quiz page's action (the quiz before its scripts have run): the same rules and the same
// service as POST /api/quiz-newsletter, answered with the step to show. The service itself is
// covered by server/api/forms.test.ts; here it is a stand-in that records its calls.

const answers = {
  dogSize: "medium",
  dogAge: "adult",
  chewStyle: "aggressive",
  playStyle: "both",
  toyPurpose: "physical",
};
const toys = [
  { id: 7, name: "Tug Rope" },
  { id: 3, name: "Puzzle Ball" },
] as Toy[];

type Outcome =
  | { outcome: "throttled"; retryAfterSeconds: number }
  | { outcome: "automated" }
  | { outcome: "accepted"; status: 200 | 202; reply: { emailSent: boolean; message: string; note?: string } };

const saved: Outcome = {
  outcome: "accepted",
  status: 202,
  reply: { emailSent: false, message: "Your quiz results are saved.", note: "Mail is not switched on yet." },
};

function setup(outcome: Outcome = saved, recommend: () => Promise<Toy[]> = async () => toys) {
  const submitQuiz = vi.fn(async (_input: unknown, _client: string) => outcome);
  const recommendSpy = vi.fn(recommend);
  const logError = vi.fn();
  const context = {
    client: "203.0.113.0",
    logger: { error: logError },
    services: {
      publicForms: { submitQuiz },
      quiz: { recommend: recommendSpy },
      quizFunnel: { countFromPage: vi.fn(async () => {}) },
    },
  } as unknown as Parameters<typeof quizAction>[1];
  return { context, submitQuiz, recommend: recommendSpy, logError };
}

function form(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
}

async function run(fields: Record<string, string>, context = setup().context) {
  const answer = await quizAction(form(fields), context);
  if (answer instanceof Response) throw new Error(`unexpected response ${answer.status}`);
  return {
    status: answer.init?.status ?? 200,
    headers: new Headers(answer.init?.headers),
    body: answer.data as QuizActionData,
  };
}

describe("quiz page action: the questions", () => {
  it("refuses missing answers with 400 and each question's message, keeping what was chosen", async () => {
    const { status, body } = await run({ intent: "answers", dogSize: "small", dogAge: "ancient" });
    expect(status).toBe(400);
    expect(body.step).toBe("quiz");
    if (body.step !== "quiz") return;
    expect(body.answers).toEqual({ dogSize: "small" });
    expect(body.result?.error).toEqual({
      dogAge: ["Please select your dog's age"],
      chewStyle: ["Please select your dog's chew style"],
      playStyle: ["Please select your dog's play style"],
      toyPurpose: ["Please select the main purpose for the toy"],
    });
    expect(body.result?.initialValue).toMatchObject({ dogSize: "small" });
  });

  it("answers the e-mail step with the checked answers and the address typed before", async () => {
    const { status, body } = await run({ intent: "answers", ...answers, email: "kept@example.com" });
    expect(status).toBe(200);
    expect(body).toEqual({ step: "email", answers, email: "kept@example.com", counted: "email_step" });
  });

  it("'Back to Quiz' keeps the allowed answers and the address, and judges nothing", async () => {
    const { status, body } = await run({ intent: "back", ...answers, toyPurpose: "nonsense", email: "half@" });
    expect(status).toBe(200);
    const { toyPurpose: _dropped, ...kept } = answers;
    expect(body).toEqual({ step: "quiz", answers: kept, email: "half@", counted: null });
  });

  it("'Take the Quiz Again' starts over on a fresh page", async () => {
    const answer = await quizAction(form({ intent: "restart", ...answers }), setup().context);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("Location")).toBe("/quiz");
  });

  it("an unknown intent shows the first step with 400", async () => {
    const { status, body } = await run({ intent: "delete-everything", ...answers });
    expect(status).toBe(400);
    expect(body).toEqual({ step: "quiz", answers: {}, email: "", counted: null });
  });
});

describe("quiz page action: the e-mail", () => {
  it("refuses an invalid address on the e-mail step and stores nothing", async () => {
    const { context, submitQuiz } = setup();
    const { status, body } = await run({ intent: "email", ...answers, email: "not-an-email", website: "" }, context);
    expect(status).toBe(400);
    expect(body.step).toBe("email");
    if (body.step !== "email") return;
    expect(body.answers).toEqual(answers);
    expect(body.result?.error).toEqual({ email: ["Please enter a valid email address"] });
    expect(body.result?.initialValue).toMatchObject({ email: "not-an-email" });
    expect(submitQuiz).not.toHaveBeenCalled();
  });

  it("sends answers that are no longer valid back to the questions", async () => {
    const { context, submitQuiz } = setup();
    const { status, body } = await run(
      { intent: "email", ...answers, dogSize: "huge", email: "jo@example.com" },
      context,
    );
    expect(status).toBe(400);
    expect(body.step).toBe("quiz");
    if (body.step !== "quiz") return;
    expect(body.result?.error).toEqual({ dogSize: ["Please select your dog's size"] });
    expect(body.email).toBe("jo@example.com");
    expect(submitQuiz).not.toHaveBeenCalled();
  });

  it("stores through the quiz service and shows the results with the saved message and the note", async () => {
    const { context, submitQuiz, recommend } = setup();
    const { status, body } = await run(
      { intent: "email", ...answers, email: " Jamie.Owner@Example.com ", website: "" },
      context,
    );
    expect(submitQuiz).toHaveBeenCalledWith({ ...answers, email: "Jamie.Owner@example.com" }, "203.0.113.0");
    expect(recommend).toHaveBeenCalledWith(answers);
    expect(status).toBe(200);
    expect(body).toEqual({
      step: "results",
      answers,
      recommendations: toys,
      notices: [
        { title: "Quiz Results Saved", description: "Your quiz results are saved." },
        { title: "Note for Site Administrator", description: "Mail is not switched on yet." },
      ],
      counted: "results_shown",
    });
  });

  it("thanks the visitor when the e-mail went out", async () => {
    const { context } = setup({ outcome: "accepted", status: 200, reply: { emailSent: true, message: "On its way." } });
    const { status, body } = await run({ intent: "email", ...answers, email: "jo@example.com" }, context);
    expect(status).toBe(200);
    expect(body.step === "results" && body.notices).toEqual([
      { title: "Thank you for subscribing!", description: "On its way." },
    ]);
  });

  it("a throttled client gets 429 with Retry-After, the results and the limit's message", async () => {
    const { context } = setup({ outcome: "throttled", retryAfterSeconds: 240 });
    const { status, headers, body } = await run({ intent: "email", ...answers, email: "jo@example.com" }, context);
    expect(status).toBe(429);
    expect(headers.get("Retry-After")).toBe("240");
    expect(body.step === "results" && body.notices).toEqual([
      {
        title: "Submission Error",
        description: "Too many submissions from your network. Please wait 4 minutes and try again.",
        variant: "destructive",
      },
    ]);
    expect(body.step === "results" && body.recommendations).toEqual(toys);
  });

  it("a filled honeypot gets 400 and the 'looks automated' message", async () => {
    const { context, submitQuiz } = setup({ outcome: "automated" });
    const { status, body } = await run(
      { intent: "email", ...answers, email: "jo@example.com", website: "http://spam.example" },
      context,
    );
    expect(submitQuiz.mock.calls[0]?.[0]).toMatchObject({ website: "http://spam.example" });
    expect(status).toBe(400);
    expect(body.step === "results" && body.notices).toEqual([
      {
        title: "Submission Error",
        description:
          "Your submission looks automated and was not accepted. If you are a person, please reload the page and try again.",
        variant: "destructive",
      },
    ]);
  });

  it("shows the results' error state when scoring fails after the signup was stored", async () => {
    const { context, logError } = setup(saved, async () => {
      throw new Error("database gone");
    });
    const { status, body } = await run({ intent: "email", ...answers, email: "jo@example.com" }, context);
    expect(status).toBe(200);
    expect(body.step === "results" && body.recommendations).toBeNull();
    expect(logError).toHaveBeenCalledOnce();
  });
});
