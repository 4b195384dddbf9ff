import { z } from "zod";
import { emailAddressSchema } from "./email";
import { wireSchema } from "./wire-schema";

// The toy matchmaker quiz (spec/quiz-and-admin.md §3, §5, §9): answer values, the rules and
// messages shared by the quiz form and POST /api/quiz-newsletter, and the labels the UI shows.

export const DOG_SIZES = ["small", "medium", "large"] as const;
export const DOG_AGES = ["puppy", "adult", "senior"] as const;
export const CHEW_STYLES = ["gentle", "moderate", "aggressive"] as const;
export const PLAY_STYLES = ["solo", "interactive", "both"] as const;
export const TOY_PURPOSES = ["mental", "physical", "both"] as const;

export type DogSize = (typeof DOG_SIZES)[number];
export type DogAge = (typeof DOG_AGES)[number];
export type ChewStyle = (typeof CHEW_STYLES)[number];
export type PlayStyle = (typeof PLAY_STYLES)[number];
export type ToyPurpose = (typeof TOY_PURPOSES)[number];

// A string `error` replaces every issue of the enum, so a missing answer (undefined) and an
// unknown value get the same message, which is what the form shows next to the question.
export const quizAnswersSchema = wireSchema(() =>
  z.object({
    dogSize: z.enum(DOG_SIZES, { error: "Please select your dog's size" }),
    dogAge: z.enum(DOG_AGES, { error: "Please select your dog's age" }),
    chewStyle: z.enum(CHEW_STYLES, { error: "Please select your dog's chew style" }),
    playStyle: z.enum(PLAY_STYLES, { error: "Please select your dog's play style" }),
    toyPurpose: z.enum(TOY_PURPOSES, { error: "Please select the main purpose for the toy" }),
  }),
);

export type QuizAnswers = z.infer<typeof quizAnswersSchema>;
export type QuizQuestionName = keyof QuizAnswers;

export const quizEmailSchema = wireSchema(() =>
  z.object({
    email: emailAddressSchema,
    // Honeypot: hidden from people, so only bots fill it. The server refuses non-empty values;
    // the schema only bounds it so a bot cannot post an arbitrarily large body through it.
    website: z.string().max(200).optional(),
  }),
);

/** The body of POST /api/quiz-newsletter: the five answers plus the e-mail step. */
export const quizSubmissionSchema = wireSchema(() =>
  z.object({
    ...quizAnswersSchema.shape,
    ...quizEmailSchema.shape,
  }),
);

export type QuizSubmission = z.infer<typeof quizSubmissionSchema>;

export interface QuizOption<V extends string = string> {
  value: V;
  label: string;
  hint?: string;
}

export interface QuizQuestion<N extends QuizQuestionName = QuizQuestionName> {
  name: N;
  /** The question text, rendered as the radio group's legend. */
  legend: string;
  options: readonly QuizOption<QuizAnswers[N]>[];
}

type AnyQuizQuestion = { [N in QuizQuestionName]: QuizQuestion<N> }[QuizQuestionName];

export const QUIZ_QUESTIONS: readonly AnyQuizQuestion[] = [
  {
    name: "dogSize",
    legend: "What size is your dog?",
    options: [
      { value: "small", label: "Small (under 20 lbs)" },
      { value: "medium", label: "Medium (20-60 lbs)" },
      { value: "large", label: "Large (over 60 lbs)" },
    ],
  },
  {
    name: "dogAge",
    legend: "How old is your dog?",
    options: [
      { value: "puppy", label: "Puppy (under 1 year)" },
      { value: "adult", label: "Adult (1-7 years)" },
      { value: "senior", label: "Senior (8+ years)" },
    ],
  },
  {
    name: "chewStyle",
    legend: "How does your dog chew?",
    options: [
      { value: "gentle", label: "Gentle Chewer", hint: "Carries and cuddles toys, rarely destroys them" },
      { value: "moderate", label: "Moderate Chewer", hint: "Chews regularly but toys usually survive" },
      { value: "aggressive", label: "Aggressive Chewer", hint: "Destroys most toys quickly" },
    ],
  },
  {
    name: "playStyle",
    legend: "How does your dog like to play?",
    options: [
      { value: "solo", label: "Plays Alone (Solo)", hint: "Keeps busy on their own" },
      { value: "interactive", label: "Plays With Me (Interactive)", hint: "Fetch, tug and games together" },
      { value: "both", label: "Both", hint: "Happy either way" },
    ],
  },
  {
    name: "toyPurpose",
    legend: "What's the main purpose of the toy?",
    options: [
      { value: "mental", label: "Mental Stimulation", hint: "Puzzles and problem solving" },
      { value: "physical", label: "Physical Exercise", hint: "Running, chasing and fetching" },
      { value: "both", label: "Both", hint: "A bit of everything" },
    ],
  },
];

/**
 * The answers among `input` that are allowed values, the others left out: what a form carries
 * back to the questions (e.g. 'Back to Quiz') without judging what the visitor has not sent yet.
 */
export function knownQuizAnswers(input: Record<string, unknown>): Partial<QuizAnswers> {
  const known: Partial<Record<QuizQuestionName, string>> = {};
  for (const name of Object.keys(quizAnswersSchema.shape) as QuizQuestionName[]) {
    const parsed = quizAnswersSchema.shape[name].safeParse(input[name]);
    if (parsed.success) known[name] = parsed.data;
  }
  return known as Partial<QuizAnswers>;
}

/** The label of an answer, e.g. for the results summary; unknown values are shown as given. */
export function quizOptionLabel(name: QuizQuestionName, value: string): string {
  const question = QUIZ_QUESTIONS.find((q) => q.name === name);
  const option = question?.options.find((o) => o.value === value);
  return option?.label ?? value;
}

/**
 * The notice beside the e-mail field. Submitting the e-mail step subscribes the address (spec §1),
 * so this exact wording is stored with each submission and subscriber as the consent record.
 */
export const QUIZ_NEWSLETTER_NOTICE =
  "By submitting your email, you'll automatically be subscribed to the Pawsome Picks newsletter with dog toy tips and recommendations. You can unsubscribe at any time.";

/** The criteria summary of the results step and the results e-mail, in question order. */
export const QUIZ_SUMMARY_LABELS: Record<QuizQuestionName, string> = {
  dogSize: "Size",
  dogAge: "Age",
  chewStyle: "Chew style",
  playStyle: "Play style",
  toyPurpose: "Purpose",
};

/** Progress bar value (percent) of each step of the quiz flow. */
export const QUIZ_PROGRESS = { quiz: 33, email: 66, results: 100 } as const;

export type QuizStep = keyof typeof QUIZ_PROGRESS;
