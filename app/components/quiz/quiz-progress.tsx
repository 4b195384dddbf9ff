import { QUIZ_PROGRESS, type QuizStep } from "#domain/quiz-questions.ts";

const STEPS: readonly { step: QuizStep; label: string }[] = [
  { step: "quiz", label: "Your dog" },
  { step: "email", label: "Your email" },
  { step: "results", label: "Your matches" },
];

/** The quiz's progress bar: 33%, 66% and 100% for its three steps (spec §9). */
export function QuizProgress({ step }: { step: QuizStep }) {
  const value = QUIZ_PROGRESS[step];
  const index = STEPS.findIndex((s) => s.step === step);
  const label = STEPS[index]?.label ?? "";
  return (
    <div className="mt-6">
      <div className="flex items-baseline justify-between gap-4 text-sm font-bold">
        <span>
          Step {index + 1} of {STEPS.length}: {label}
        </span>
        <span aria-hidden="true" className="text-muted">
          {value}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Quiz progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%, step ${index + 1} of ${STEPS.length}: ${label}`}
        className="mt-2 h-3 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-500 ease-out motion-reduce:transition-none"
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
