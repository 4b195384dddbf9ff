import type { QuizAnswers, QuizQuestionName } from "./quiz";

// The quiz's questions, answer values and the words the UI shows (spec/quiz-and-admin.md §3, §5,
// §9), without Zod: the quiz page and the dashboard read these, and the form loads quiz.ts's
// schemas only on its first focus (decision 069). quiz.ts re-exports all of it.

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
