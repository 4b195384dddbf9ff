import { ArrowRight } from "lucide-react";
import { type FormEvent, type RefObject, useRef, useState } from "react";
import { QUIZ_QUESTIONS, type QuizAnswers, type QuizQuestionName, quizAnswersSchema } from "../../../domain/quiz";
import { buttonClass } from "../ui/button";

export type QuizDraft = Partial<Record<QuizQuestionName, string>>;
type GroupErrors = Partial<Record<QuizQuestionName, string>>;

interface QuizQuestionsStepProps {
  answers: QuizDraft;
  onAnswer: (name: QuizQuestionName, value: string) => void;
  onComplete: (answers: QuizAnswers) => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
  hydrated: boolean;
}

/** Step 1: the five radio questions, checked with the shared schema on submit. */
export function QuizQuestionsStep({ answers, onAnswer, onComplete, headingRef, hydrated }: QuizQuestionsStepProps) {
  const [errors, setErrors] = useState<GroupErrors>({});
  const groupRefs = useRef<Partial<Record<QuizQuestionName, HTMLFieldSetElement | null>>>({});

  function focusGroup(name: QuizQuestionName) {
    const group = groupRefs.current[name];
    if (!group) return;
    // The legend must stay in view under the sticky header, so scroll the whole group.
    group.scrollIntoView({ block: "start" });
    group.querySelector<HTMLInputElement>("input[type=radio]")?.focus({ preventScroll: true });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = quizAnswersSchema.safeParse(answers);
    if (result.success) {
      setErrors({});
      onComplete(result.data);
      return;
    }
    const found: GroupErrors = {};
    for (const issue of result.error.issues) {
      const name = issue.path[0] as QuizQuestionName;
      if (!found[name]) found[name] = issue.message;
    }
    setErrors(found);
    const first = QUIZ_QUESTIONS.find((q) => found[q.name]);
    if (first) focusGroup(first.name);
  }

  function choose(name: QuizQuestionName, value: string) {
    onAnswer(name, value);
    if (errors[name]) setErrors((prev) => ({ ...prev, [name]: undefined }));
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-labelledby="quiz-step-heading" className="mt-8">
      <h2
        id="quiz-step-heading"
        ref={headingRef}
        tabIndex={-1}
        className="scroll-mt-28 text-2xl font-extrabold tracking-tight outline-none"
      >
        Tell Us About Your Dog
      </h2>
      <p className="mt-2 text-muted">Answer all five questions and we'll find the toys that suit your dog best.</p>

      <div className="mt-6 grid gap-6">
        {QUIZ_QUESTIONS.map((question, number) => {
          const error = errors[question.name];
          const errorId = `quiz-${question.name}-error`;
          return (
            <fieldset
              key={question.name}
              ref={(el) => {
                groupRefs.current[question.name] = el;
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={`scroll-mt-28 rounded-xl border bg-white p-4 shadow-sm sm:p-5 ${
                error ? "border-red-700" : "border-stone-200"
              }`}
            >
              <legend className="float-left w-full text-lg font-extrabold">
                <span className="text-primary">{number + 1}.</span> {question.legend}
              </legend>
              <div className="clear-both grid gap-3 pt-3 sm:grid-cols-3">
                {question.options.map((option) => {
                  const id = `quiz-${question.name}-${option.value}`;
                  const hintId = `${id}-hint`;
                  return (
                    <div
                      key={option.value}
                      className="relative rounded-lg border-2 border-stone-200 bg-white p-3 transition-colors hover:border-primary has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary has-disabled:opacity-60"
                    >
                      <div className="flex items-start gap-3">
                        <input
                          type="radio"
                          id={id}
                          name={question.name}
                          value={option.value}
                          checked={answers[question.name] === option.value}
                          onChange={() => choose(question.name, option.value)}
                          disabled={!hydrated}
                          aria-describedby={option.hint ? hintId : undefined}
                          className="relative z-10 mt-1 size-4 shrink-0 accent-primary focus-visible:outline-none"
                        />
                        <div className="min-w-0">
                          {/* The label's ::after covers the whole card, so a tap anywhere on it chooses. */}
                          <label htmlFor={id} className="cursor-pointer font-bold after:absolute after:inset-0">
                            {option.label}
                          </label>
                          {option.hint ? (
                            <p id={hintId} className="mt-0.5 text-sm text-muted">
                              {option.hint}
                            </p>
                          ) : null}
                        </div>
                      </div>
                    </div>
                  );
                })}
              </div>
              {error ? (
                <p id={errorId} className="mt-3 text-sm font-semibold text-red-700">
                  {error}
                </p>
              ) : null}
            </fieldset>
          );
        })}
      </div>

      <noscript>
        <p className="mt-6 font-semibold">The quiz needs JavaScript to find your matches.</p>
      </noscript>
      <div className="mt-8">
        <button type="submit" disabled={!hydrated} className={buttonClass("primary", "lg", "w-full sm:w-auto")}>
          Next: Get Your Recommendations
          <ArrowRight className="size-5" aria-hidden="true" />
        </button>
      </div>
    </form>
  );
}
