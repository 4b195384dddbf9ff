import RotateCcwNode from "lucide/dist/esm/icons/rotate-ccw.mjs";
import SearchXNode from "lucide/dist/esm/icons/search-x.mjs";
import type { MouseEvent, ReactNode, RefObject } from "react";
import { Form, Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { CardSkeleton } from "#app/components/ui/skeleton.tsx";
import { COUNTED_FIELD, type QuizIntent } from "#app/lib/quiz-api.ts";
import type { ToastInput } from "#app/lib/toast.ts";
import type { Toy } from "#domain/catalog.ts";
import type { QuizAnswers } from "#domain/quiz.ts";
import type { QuizWalkStep } from "#domain/quiz-funnel.ts";
import { QUIZ_QUESTIONS, QUIZ_SUMMARY_LABELS, quizOptionLabel } from "#domain/quiz-questions.ts";
import { MAX_RECOMMENDATIONS } from "#domain/quiz-scoring.ts";
import { QuizToyCard } from "./quiz-toy-card";

const RotateCcw = icon("rotate-ccw", RotateCcwNode);
const SearchX = icon("search-x", SearchXNode);

export type RecommendationsState = { status: "loading" } | { status: "error" } | { status: "ready"; toys: Toy[] };

// The results' buttons belong to this form (by its id), which carries the answers: before the
// scripts run, 'Try Different Answers' and 'Take the Quiz Again' post it to the page's action.
const RESULTS_FORM = "quiz-results";

/** A button of the results form: the flow handles it itself once the scripts run. */
function StepButton({
  intent,
  onClick,
  className,
  children,
}: {
  intent: QuizIntent;
  onClick: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      form={RESULTS_FORM}
      name="intent"
      value={intent}
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        onClick();
      }}
      className={className}
    >
      {children}
    </button>
  );
}

interface QuizResultsProps {
  answers: QuizAnswers;
  recommendations: RecommendationsState;
  /** the signup's outcome when the page's action answered it (toasts need the scripts) */
  notices: readonly ToastInput[];
  /** the walk's furthest funnel step the page's action counted, carried on by the form */
  counted: QuizWalkStep | null;
  onRetry: () => void;
  onChangeAnswers: () => void;
  onRestart: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** Step 3: the answers in short and up to three recommended toys. */
export function QuizResults({
  answers,
  recommendations,
  notices,
  counted,
  onRetry,
  onChangeAnswers,
  onRestart,
  headingRef,
}: QuizResultsProps) {
  return (
    <section aria-labelledby="quiz-step-heading" className="mt-8">
      <Form method="post" id={RESULTS_FORM} hidden>
        {QUIZ_QUESTIONS.map((question) => (
          <input key={question.name} type="hidden" name={question.name} value={answers[question.name]} />
        ))}
        {counted ? <input type="hidden" name={COUNTED_FIELD} value={counted} /> : null}
      </Form>
      <h2
        id="quiz-step-heading"
        ref={headingRef}
        tabIndex={-1}
        className="scroll-mt-28 text-2xl font-extrabold tracking-tight outline-none"
      >
        Your Quiz Results
      </h2>
      <p className="mt-2 text-muted">
        {recommendations.status === "ready" && recommendations.toys.length === 0
          ? "Here's what we looked for."
          : "Based on your answers, these are the toys we'd pick for your dog."}
      </p>

      {notices.length > 0 ? (
        <div className="mt-6 grid gap-3">
          {notices.map((notice) => (
            <div
              key={notice.title}
              role={notice.variant === "destructive" ? "alert" : "status"}
              className={`rounded-lg border px-4 py-3 ${
                notice.variant === "destructive"
                  ? "border-red-200 bg-red-50 text-red-900"
                  : "border-green-200 bg-green-50 text-green-900"
              }`}
            >
              <p className="font-bold">{notice.title}</p>
              {notice.description ? <p>{notice.description}</p> : null}
            </div>
          ))}
        </div>
      ) : null}

      <div className="mt-6 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
        <h3 className="font-extrabold">Your dog's profile</h3>
        <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="quiz-criteria">
          {QUIZ_QUESTIONS.map((question) => (
            <div key={question.name} className="flex flex-wrap gap-x-2">
              <dt className="font-bold">{QUIZ_SUMMARY_LABELS[question.name]}:</dt>
              <dd className="text-muted">{quizOptionLabel(question.name, answers[question.name])}</dd>
            </div>
          ))}
        </dl>
      </div>

      <div className="mt-8">
        <RecommendationList recommendations={recommendations} onRetry={onRetry} onChangeAnswers={onChangeAnswers} />
      </div>

      <div className="mt-10 flex flex-col items-stretch gap-3 border-t border-stone-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <StepButton intent="restart" onClick={onRestart} className={buttonClass("outline", "lg", "w-full sm:w-auto")}>
          <RotateCcw className="size-5" aria-hidden="true" />
          Take the Quiz Again
        </StepButton>
        <Link to="/products" className={buttonClass("ghost", "lg", "w-full sm:w-auto")}>
          Browse all toys
        </Link>
      </div>
    </section>
  );
}

function RecommendationList({
  recommendations,
  onRetry,
  onChangeAnswers,
}: Pick<QuizResultsProps, "recommendations" | "onRetry" | "onChangeAnswers">) {
  if (recommendations.status === "loading") {
    return (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          Finding your dog's matches...
        </p>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: MAX_RECOMMENDATIONS }, (_, i) => (
            <CardSkeleton key={`skeleton-${i.toString()}`} />
          ))}
        </div>
      </div>
    );
  }

  if (recommendations.status === "error") {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
        <p className="font-semibold text-red-800">We couldn't load your recommendations.</p>
        <button type="button" onClick={onRetry} className={buttonClass("secondary", "sm")}>
          Try again
        </button>
      </div>
    );
  }

  if (recommendations.toys.length === 0) {
    return (
      <div className="rounded-xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <SearchX className="mx-auto size-10 text-muted" aria-hidden="true" />
        <h3 className="mt-3 text-xl font-extrabold">No specific matches found</h3>
        <p className="mt-2 text-muted">
          None of our toys fit these answers yet. Change an answer or two, or{" "}
          <Link to="/products" className="font-bold text-primary underline underline-offset-2 hover:text-primary-hover">
            browse all our toys
          </Link>
          .
        </p>
        <StepButton intent="back" onClick={onChangeAnswers} className={buttonClass("primary", "md", "mt-5")}>
          Try Different Answers
        </StepButton>
      </div>
    );
  }

  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Recommended toys">
      {recommendations.toys.map((toy, rank) => (
        <li key={toy.id} className="flex">
          <QuizToyCard toy={toy} rank={rank} />
        </li>
      ))}
    </ul>
  );
}
