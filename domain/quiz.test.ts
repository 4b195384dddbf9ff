import { describe, expect, it } from "vitest";
import { normalizeEmail } from "./email";
import { knownQuizAnswers, quizAnswersSchema, quizEmailSchema, quizSubmissionSchema } from "./quiz";
import { QUIZ_PROGRESS, QUIZ_QUESTIONS, quizOptionLabel } from "./quiz-questions";

const validAnswers = {
  dogSize: "medium",
  dogAge: "adult",
  chewStyle: "aggressive",
  playStyle: "both",
  toyPurpose: "mental",
};

function messagesFor(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);
}

describe("quiz answers", () => {
  it("accepts every allowed value of every question", () => {
    const allowed = {
      dogSize: ["small", "medium", "large"],
      dogAge: ["puppy", "adult", "senior"],
      chewStyle: ["gentle", "moderate", "aggressive"],
      playStyle: ["solo", "interactive", "both"],
      toyPurpose: ["mental", "physical", "both"],
    };
    for (const [name, values] of Object.entries(allowed)) {
      for (const value of values) {
        const result = quizAnswersSchema.safeParse({ ...validAnswers, [name]: value });
        expect(result.success, `${name}=${value}`).toBe(true);
      }
    }
    expect(quizAnswersSchema.parse(validAnswers)).toEqual(validAnswers);
  });

  const messages = [
    ["dogSize", "Please select your dog's size"],
    ["dogAge", "Please select your dog's age"],
    ["chewStyle", "Please select your dog's chew style"],
    ["playStyle", "Please select your dog's play style"],
    ["toyPurpose", "Please select the main purpose for the toy"],
  ] as const;

  it.each(messages)("a missing %s says %j", (name, message) => {
    const { [name]: _omitted, ...rest } = validAnswers;
    expect(messagesFor(quizAnswersSchema.safeParse(rest))).toEqual([[name, message]]);
  });

  it.each(messages)("an invalid %s says %j", (name, message) => {
    for (const value of ["huge", "", "Small", 1, null]) {
      const result = quizAnswersSchema.safeParse({ ...validAnswers, [name]: value });
      expect(messagesFor(result), `${name}=${String(value)}`).toEqual([[name, message]]);
    }
  });

  it("reports all five questions when nothing is answered", () => {
    expect(messagesFor(quizAnswersSchema.safeParse({}))).toEqual(messages.map(([name, message]) => [name, message]));
  });

  it("does not accept 'both' for size, age or chew style", () => {
    expect(quizAnswersSchema.safeParse({ ...validAnswers, dogSize: "both" }).success).toBe(false);
    expect(quizAnswersSchema.safeParse({ ...validAnswers, dogAge: "both" }).success).toBe(false);
    expect(quizAnswersSchema.safeParse({ ...validAnswers, chewStyle: "both" }).success).toBe(false);
  });
});

describe("knownQuizAnswers", () => {
  it("keeps allowed values and leaves out missing, unknown and non-text ones", () => {
    expect(knownQuizAnswers(validAnswers)).toEqual(validAnswers);
    expect(
      knownQuizAnswers({ dogSize: "large", dogAge: "ancient", chewStyle: "", playStyle: 3, email: "x@example.com" }),
    ).toEqual({ dogSize: "large" });
    expect(knownQuizAnswers({})).toEqual({});
  });
});

describe("quiz e-mail step", () => {
  it("accepts a valid address and trims it", () => {
    expect(quizEmailSchema.parse({ email: "  sam@example.com " })).toEqual({ email: "sam@example.com" });
  });

  it("lower-cases the domain only", () => {
    expect(quizEmailSchema.parse({ email: " Sam.Smith@Example.COM" }).email).toBe("Sam.Smith@example.com");
    expect(normalizeEmail("  MixedCase@Mail.Example.Org  ")).toBe("MixedCase@mail.example.org");
  });

  it.each([
    "",
    "   ",
    "not-an-email",
    "sam@",
    "@example.com",
    "sam@example",
    "sam smith@example.com",
    `${"a".repeat(64)}@${"b".repeat(62)}.${"c".repeat(61)}.${"d".repeat(61)}.com`, // 255 characters
  ])("rejects %j with the e-mail message", (email) => {
    expect(messagesFor(quizEmailSchema.safeParse({ email }))).toEqual([
      ["email", "Please enter a valid email address"],
    ]);
  });

  it("gives the e-mail message when the address is missing or not text", () => {
    expect(messagesFor(quizEmailSchema.safeParse({}))).toEqual([["email", "Please enter a valid email address"]]);
    expect(messagesFor(quizEmailSchema.safeParse({ email: 42 }))).toEqual([
      ["email", "Please enter a valid email address"],
    ]);
  });

  it("accepts an address of exactly 254 characters", () => {
    const email = `${"a".repeat(64)}@${"b".repeat(61)}.${"c".repeat(61)}.${"d".repeat(61)}.com`;
    expect(email).toHaveLength(254);
    expect(quizEmailSchema.safeParse({ email }).success).toBe(true);
  });

  it("allows the honeypot to be absent, empty or filled, up to 200 characters", () => {
    expect(quizEmailSchema.parse({ email: "sam@example.com" })).not.toHaveProperty("website");
    expect(quizEmailSchema.parse({ email: "sam@example.com", website: "" }).website).toBe("");
    expect(quizEmailSchema.parse({ email: "sam@example.com", website: "http://spam" }).website).toBe("http://spam");
    expect(quizEmailSchema.safeParse({ email: "sam@example.com", website: "x".repeat(201) }).success).toBe(false);
    expect(quizEmailSchema.safeParse({ email: "sam@example.com", website: 5 }).success).toBe(false);
  });
});

describe("quiz newsletter submission", () => {
  it("takes the five answers plus the normalised e-mail", () => {
    expect(quizSubmissionSchema.parse({ ...validAnswers, email: "Sam@Example.com", extra: "dropped" })).toEqual({
      ...validAnswers,
      email: "Sam@example.com",
    });
  });

  it("reports answers and e-mail together", () => {
    const result = quizSubmissionSchema.safeParse({ ...validAnswers, toyPurpose: "fun", email: "nope" });
    expect(messagesFor(result)).toEqual([
      ["toyPurpose", "Please select the main purpose for the toy"],
      ["email", "Please enter a valid email address"],
    ]);
  });
});

describe("quiz labels", () => {
  it("has five questions of three choices each, matching the schema values", () => {
    expect(QUIZ_QUESTIONS.map((q) => q.name)).toEqual(["dogSize", "dogAge", "chewStyle", "playStyle", "toyPurpose"]);
    for (const question of QUIZ_QUESTIONS) {
      expect(question.options).toHaveLength(3);
      for (const option of question.options) {
        expect(quizAnswersSchema.shape[question.name].safeParse(option.value).success).toBe(true);
      }
    }
  });

  it("uses the §9 size and age labels", () => {
    const labels = Object.fromEntries(QUIZ_QUESTIONS.map((q) => [q.name, q.options.map((o) => o.label)]));
    expect(labels.dogSize).toEqual(["Small (under 20 lbs)", "Medium (20-60 lbs)", "Large (over 60 lbs)"]);
    expect(labels.dogAge).toEqual(["Puppy (under 1 year)", "Adult (1-7 years)", "Senior (8+ years)"]);
    expect(labels.chewStyle).toEqual(["Gentle Chewer", "Moderate Chewer", "Aggressive Chewer"]);
    expect(labels.playStyle).toEqual(["Plays Alone (Solo)", "Plays With Me (Interactive)", "Both"]);
    expect(labels.toyPurpose).toEqual(["Mental Stimulation", "Physical Exercise", "Both"]);
  });

  it("finds the label of an answer", () => {
    expect(quizOptionLabel("dogSize", "large")).toBe("Large (over 60 lbs)");
    expect(quizOptionLabel("toyPurpose", "both")).toBe("Both");
    expect(quizOptionLabel("chewStyle", "unknown")).toBe("unknown");
  });

  it("has the 33/66/100 progress steps", () => {
    expect(QUIZ_PROGRESS).toEqual({ quiz: 33, email: 66, results: 100 });
  });
});
