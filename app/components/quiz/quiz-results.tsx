import { RotateCcw, SearchX } from "lucide-react";
import type { RefObject } from "react";
import { Link } from "react-router";
import type { Toy } from "../../../domain/catalog";
import { QUIZ_QUESTIONS, QUIZ_SUMMARY_LABELS, type QuizAnswers, quizOptionLabel } from "../../../domain/quiz";
import { MAX_RECOMMENDATIONS } from "../../../domain/quiz-scoring";
import { buttonClass } from "../ui/button";
import { CardSkeleton } from "../ui/skeleton";
import { QuizToyCard } from "./quiz-toy-card";

export type RecommendationsState = { status: "loading" } | { status: "error" } | { status: "ready"; toys: Toy[] };

interface QuizResultsProps {
  answers: QuizAnswers;
  recommendations: RecommendationsState;
  onRetry: () => void;
  onChangeAnswers: () => void;
  onRestart: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** Step 3: the answers in short and up to three recommended toys. */
export function QuizResults({
  answers,
  recommendations,
  onRetry,
  onChangeAnswers,
  onRestart,
  headingRef,
}: QuizResultsProps) {
  return (
    <section aria-labelledby="quiz-step-heading" className="mt-8">
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
        <button type="button" onClick={onRestart} className={buttonClass("outline", "lg", "w-full sm:w-auto")}>
          <RotateCcw className="size-5" aria-hidden="true" />
          Take the Quiz Again
        </button>
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
        <button type="button" onClick={onChangeAnswers} className={buttonClass("primary", "md", "mt-5")}>
          Try Different Answers
        </button>
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
