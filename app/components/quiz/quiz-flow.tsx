import { useEffect, useRef, useState } from "react";
import type { QuizAnswers, QuizEmailInput, QuizStep } from "../../../domain/quiz";
import { fetchRecommendations, recommendationsPath, submitQuizNewsletter } from "../../lib/quiz-api";
import { useHydrated } from "../../lib/use-hydrated";
import { toast } from "../ui/use-toast";
import { QuizEmailStep } from "./quiz-email-step";
import { QuizProgress } from "./quiz-progress";
import { type QuizDraft, QuizQuestionsStep } from "./quiz-questions-step";
import { QuizResults, type RecommendationsState } from "./quiz-results";

/**
 * The three-step matchmaker quiz (spec/quiz-and-admin.md §2, §4): questions, e-mail, results.
 * All of it is client state; the recommendations are fetched as soon as the questions are
 * answered, so they are usually ready by the time the e-mail step is done.
 */
export function QuizFlow() {
  const hydrated = useHydrated();
  const [step, setStep] = useState<QuizStep>("quiz");
  const [draft, setDraft] = useState<QuizDraft>({});
  const [answers, setAnswers] = useState<QuizAnswers | null>(null);
  const [email, setEmail] = useState("");
  const [recommendations, setRecommendations] = useState<RecommendationsState>({ status: "loading" });
  // Identifies the latest recommendations request: an older answer arriving late is ignored.
  const latestRequest = useRef({ id: 0, path: "" });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  // A new step replaces the one the visitor was on: bring its top into view and move focus to
  // its heading, so keyboard and screen-reader users start there (and hear where they are).
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo({ top: 0, behavior: "instant" });
    headingRef.current?.focus({ preventScroll: true });
  }, [step]);

  function loadRecommendations(forAnswers: QuizAnswers) {
    const path = recommendationsPath(forAnswers);
    const id = latestRequest.current.id + 1;
    latestRequest.current = { id, path };
    setRecommendations({ status: "loading" });
    fetchRecommendations(forAnswers).then((result) => {
      if (latestRequest.current.id !== id) return;
      setRecommendations(result.ok ? { status: "ready", toys: result.data } : { status: "error" });
    });
  }

  function onQuestionsComplete(completed: QuizAnswers) {
    setAnswers(completed);
    // Back and Next without a change keeps the list already loaded (or loading).
    const unchanged = latestRequest.current.path === recommendationsPath(completed);
    if (!unchanged || recommendations.status === "error") loadRecommendations(completed);
    setStep("email");
  }

  async function onEmailSubmit(input: QuizEmailInput): Promise<string | undefined> {
    if (!answers) return undefined;
    const outcome = await submitQuizNewsletter({ ...answers, email: input.email, website: input.website ?? "" });
    if (outcome.kind === "emailRejected") return outcome.message;
    setStep("results");
    for (const item of outcome.toasts) toast(item);
    return undefined;
  }

  function restart() {
    latestRequest.current = { id: latestRequest.current.id + 1, path: "" };
    setDraft({});
    setAnswers(null);
    setEmail("");
    setRecommendations({ status: "loading" });
    setStep("quiz");
  }

  return (
    <div>
      <QuizProgress step={step} />
      {step === "quiz" || !answers ? (
        <QuizQuestionsStep
          answers={draft}
          onAnswer={(name, value) => setDraft((prev) => ({ ...prev, [name]: value }))}
          onComplete={onQuestionsComplete}
          headingRef={headingRef}
          hydrated={hydrated}
        />
      ) : step === "email" ? (
        <QuizEmailStep
          email={email}
          onEmailChange={setEmail}
          onBack={() => setStep("quiz")}
          onSubmit={onEmailSubmit}
          headingRef={headingRef}
        />
      ) : (
        <QuizResults
          answers={answers}
          recommendations={recommendations}
          onRetry={() => loadRecommendations(answers)}
          onChangeAnswers={() => setStep("quiz")}
          onRestart={restart}
          headingRef={headingRef}
        />
      )}
    </div>
  );
}
