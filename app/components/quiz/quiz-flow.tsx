import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import type { SendOutcome } from "#app/components/form/use-kit-form.ts";
import {
  fetchRecommendations,
  type QuizActionData,
  recommendationsPath,
  submitQuizNewsletter,
  trackQuizStep,
} from "#app/lib/quiz-api.ts";
import { type ToastInput, toast } from "#app/lib/toast.ts";
import type { QuizAnswers, QuizSubmission } from "#domain/quiz.ts";
import { type QuizWalkStep, stepsToCount } from "#domain/quiz-funnel.ts";
import { QUIZ_QUESTIONS, type QuizStep } from "#domain/quiz-questions.ts";
import { QuizEmailStep } from "./quiz-email-step";
import { QuizProgress } from "./quiz-progress";
import { QuizQuestionsStep } from "./quiz-questions-step";
import { QuizResults, type RecommendationsState } from "./quiz-results";

interface FlowState {
  step: QuizStep;
  /** what the questions step shows as chosen */
  draft: Partial<QuizAnswers>;
  /** the checked answers, once the questions step is done */
  answers: QuizAnswers | null;
  /** the address typed so far, kept through 'Back to Quiz' */
  email: string;
  recommendations: RecommendationsState;
  /** the page action's reply for the step's form (it was posted before the scripts ran) */
  result?: SubmissionResult<string[]>;
  /** the signup's outcome, in the page when the action answered it (toasts need the scripts) */
  notices: ToastInput[];
  /** how far the page's action counted this walk in the funnel: the forms carry it on */
  counted: QuizWalkStep | null;
}

const START: FlowState = {
  step: "quiz",
  draft: {},
  answers: null,
  email: "",
  recommendations: { status: "loading" },
  notices: [],
  counted: null,
};

// The step the page's action answered (a form posted before hydration), or the first one.
function stateFrom(actionData: QuizActionData | undefined): FlowState {
  if (!actionData) return START;
  const { counted } = actionData;
  if (actionData.step === "quiz") {
    return { ...START, draft: actionData.answers, email: actionData.email, result: actionData.result, counted };
  }
  if (actionData.step === "email") {
    const { answers, email, result } = actionData;
    return { ...START, step: "email", draft: answers, answers, email, result, counted };
  }
  const { answers, recommendations, notices } = actionData;
  return {
    ...START,
    step: "results",
    draft: answers,
    answers,
    recommendations: recommendations ? { status: "ready", toys: recommendations } : { status: "error" },
    notices,
    counted,
  };
}

/**
 * The three-step matchmaker quiz (spec/quiz-and-admin.md §2, §4): questions, e-mail, results.
 * Each step is a form of the kit that posts to the page's action, which is how it works before
 * the scripts run; once they run, the steps stay in the browser and make the spec's calls. The
 * recommendations are fetched as soon as the questions are answered, so they are usually ready
 * by the time the e-mail step is done.
 */
export function QuizFlow({ actionData }: { actionData?: QuizActionData }) {
  const [state, setState] = useState(() => stateFrom(actionData));
  const [shownActionData, setShownActionData] = useState(actionData);
  // The walk's furthest step counted in the funnel (decision 063): each step is sent once per
  // walk, however often the page renders; a page from the action was counted there.
  const counted = useRef<QuizWalkStep | null>(actionData?.counted ?? null);
  if (actionData !== shownActionData) {
    setShownActionData(actionData);
    setState(stateFrom(actionData));
    counted.current = actionData?.counted ?? null;
  }
  // Identifies the latest recommendations request: an older answer arriving late is ignored.
  // The server's results count as one, so Back and Next without a change keep them.
  const latestRequest = useRef({
    id: 0,
    path: state.step === "results" && state.answers ? recommendationsPath(state.answers) : "",
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(state.step);
  const { step, answers } = state;

  // A new step replaces the one the visitor was on: bring its top into view and move focus to
  // its heading, so keyboard and screen-reader users start there (and hear where they are).
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo({ top: 0, behavior: "instant" });
    headingRef.current?.focus({ preventScroll: true });
  }, [step]);

  /** Counts the steps up to `step` this walk has not counted yet; the answers go with the e-mail step. */
  function reach(step: QuizWalkStep, answers?: QuizAnswers) {
    const steps = stepsToCount(counted.current, step);
    if (steps.length === 0) return;
    counted.current = step;
    for (const each of steps) trackQuizStep(each, each === "email_step" ? answers : undefined);
  }

  // The view of a fresh page: one from the action was counted there (its scripts had not run).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load
  useEffect(() => {
    if (!actionData) reach("quiz_viewed");
  }, []);

  function onAnswered(count: number) {
    if (count >= QUIZ_QUESTIONS.length) reach("all_answered");
    else if (count > 0) reach("first_answer");
  }

  function loadRecommendations(forAnswers: QuizAnswers) {
    const path = recommendationsPath(forAnswers);
    const id = latestRequest.current.id + 1;
    latestRequest.current = { id, path };
    setState((prev) => ({ ...prev, recommendations: { status: "loading" } }));
    fetchRecommendations(forAnswers).then((result) => {
      if (latestRequest.current.id !== id) return;
      setState((prev) => ({
        ...prev,
        recommendations: result.ok ? { status: "ready", toys: result.data } : { status: "error" },
      }));
    });
  }

  // The e-mail step came from the page's action: nothing has asked for the matches yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the step the server rendered
  useEffect(() => {
    if (step === "email" && answers && latestRequest.current.path === "") loadRecommendations(answers);
  }, []);

  function onQuestionsComplete(completed: QuizAnswers) {
    // Back and Next without a change keeps the list already loaded (or loading).
    const unchanged = latestRequest.current.path === recommendationsPath(completed);
    if (!unchanged || state.recommendations.status === "error") loadRecommendations(completed);
    reach("email_step", completed);
    setState((prev) => ({ ...prev, step: "email", draft: completed, answers: completed, result: undefined }));
  }

  async function sendEmail(submission: QuizSubmission): Promise<SendOutcome | undefined> {
    // The spec's body carries the honeypot even when it is empty.
    const outcome = await submitQuizNewsletter({ ...submission, website: submission.website ?? "" });
    if (outcome.kind === "emailRejected") return { fieldErrors: { email: [outcome.message] } };
    setState((prev) => ({ ...prev, step: "results", email: submission.email, result: undefined, notices: [] }));
    reach("results_shown");
    for (const item of outcome.toasts) toast(item);
    return undefined;
  }

  function backToQuestions(email?: string) {
    setState((prev) => ({ ...prev, step: "quiz", email: email ?? prev.email, result: undefined, notices: [] }));
  }

  // "Take the Quiz Again" starts a new walk, which counts its own view (decision 063).
  function restart() {
    latestRequest.current = { id: latestRequest.current.id + 1, path: "" };
    setState(START);
    counted.current = null;
    reach("quiz_viewed");
  }

  return (
    <div>
      <QuizProgress step={step} />
      {step === "quiz" || !answers ? (
        <QuizQuestionsStep
          draft={state.draft}
          email={state.email}
          result={state.result}
          counted={state.counted}
          onAnswered={onAnswered}
          onComplete={onQuestionsComplete}
          headingRef={headingRef}
        />
      ) : step === "email" ? (
        <QuizEmailStep
          answers={answers}
          email={state.email}
          result={state.result}
          counted={state.counted}
          send={sendEmail}
          onBack={backToQuestions}
          headingRef={headingRef}
        />
      ) : (
        <QuizResults
          answers={answers}
          recommendations={state.recommendations}
          notices={state.notices}
          counted={state.counted}
          onRetry={() => loadRecommendations(answers)}
          onChangeAnswers={() => backToQuestions()}
          onRestart={restart}
          headingRef={headingRef}
        />
      )}
    </div>
  );
}
