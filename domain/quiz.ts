import { z } from "zod";
import { emailAddressSchema } from "./email";
import { QUIZ_WALK_STEPS } from "./quiz-funnel";
import { CHEW_STYLES, DOG_AGES, DOG_SIZES, PLAY_STYLES, TOY_PURPOSES } from "./quiz-questions";
import { wireSchema } from "./wire-schema";

// The toy matchmaker quiz (spec/quiz-and-admin.md §3, §5, §9): the rules and messages shared by
// the quiz form and POST /api/quiz-newsletter. The questions, answer values and labels live in
// quiz-questions.ts, without Zod.

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

/** POST /api/track-quiz: one step of a walk; the answers come with `email_step` (the ones sent on). */
export const quizStepBodySchema = wireSchema(() =>
  z
    .object({
      step: z.enum(QUIZ_WALK_STEPS, {
        error: `step must be one of ${QUIZ_WALK_STEPS.join(", ")} (results_emailed and result_click are counted by the server)`,
      }),
      answers: quizAnswersSchema.optional(),
    })
    .strict(),
);
export type QuizStepBody = z.infer<typeof quizStepBodySchema>;
