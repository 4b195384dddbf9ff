import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import ArrowLeftNode from "lucide/dist/esm/icons/arrow-left.mjs";
import MailNode from "lucide/dist/esm/icons/mail.mjs";
import type { MouseEvent, RefObject } from "react";
import { Form, Link } from "react-router";
import { TextField } from "#app/components/form/field.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { type SendOutcome, useKitForm } from "#app/components/form/use-kit-form.ts";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { quizForms } from "#app/components/quiz/quiz-forms.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { COUNTED_FIELD, type QuizIntent } from "#app/lib/quiz-api.ts";
import type { QuizAnswers, QuizSubmission } from "#domain/quiz.ts";
import type { QuizWalkStep } from "#domain/quiz-funnel.ts";
import { QUIZ_NEWSLETTER_NOTICE, QUIZ_QUESTIONS } from "#domain/quiz-questions.ts";

const ArrowLeft = icon("arrow-left", ArrowLeftNode);
const submissionSchema = (quiz: typeof import("#domain/quiz.ts")) => quiz.quizSubmissionSchema;
const Mail = icon("mail", MailNode);

interface QuizEmailStepProps {
  answers: QuizAnswers;
  /** the address typed before (kept through 'Back to Quiz') */
  email: string;
  result?: SubmissionResult<string[]>;
  /** the walk's furthest funnel step the page's action counted, carried on by the form */
  counted: QuizWalkStep | null;
  /** sends the answers and address once the scripts run (POST /api/quiz-newsletter) */
  send: (submission: QuizSubmission) => Promise<SendOutcome | undefined>;
  /** back to the questions, with the address typed so far */
  onBack: (email: string) => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

const BACK: QuizIntent = "back";
const SEND: QuizIntent = "email";

/** Step 2: the e-mail address (and automatic newsletter signup) before the results. */
export function QuizEmailStep({ answers, email, result, counted, send, onBack, headingRef }: QuizEmailStepProps) {
  const { form, fields, busy } = useKitForm({
    id: "quiz-email",
    module: quizForms,
    schema: submissionSchema,
    lastResult: result,
    defaultValue: { ...answers, email },
    send,
  });

  // Before the scripts run, 'Back to Quiz' posts the step (answers and address) to the page's
  // action; once they run, the flow goes back itself.
  function back(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    const input = event.currentTarget.form?.elements.namedItem("email");
    onBack(input instanceof HTMLInputElement ? input.value : email);
  }

  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="quiz-step-heading" className="mt-8">
      <div className="relative rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Mail className="size-6" aria-hidden="true" />
        </span>
        <h2
          id="quiz-step-heading"
          ref={headingRef}
          tabIndex={-1}
          className="mt-4 scroll-mt-28 text-2xl font-extrabold tracking-tight outline-none"
        >
          Almost there!
        </h2>
        <p className="mt-2 text-muted">
          Enter your email address to see your dog's personalized toy matches. We'll also send them to your inbox.
        </p>

        {QUIZ_QUESTIONS.map((question) => (
          <input key={question.name} type="hidden" name={question.name} value={answers[question.name]} />
        ))}
        {counted ? <input type="hidden" name={COUNTED_FIELD} value={counted} /> : null}
        <div className="mt-6">
          <TextField
            field={fields.email}
            label="Email address"
            type="email"
            describedBy="quiz-email-notice"
            inputProps={{ inputMode: "email", autoComplete: "email", placeholder: "you@example.com" }}
          />
        </div>

        <HoneypotField />

        <p id="quiz-email-notice" className="mt-3 rounded-lg bg-primary-soft p-3 text-sm text-ink">
          {/* The server stores this exact wording as the consent record of the signup. */}
          {QUIZ_NEWSLETTER_NOTICE} Read how we handle your address in our{" "}
          <Link to="/privacy" className="font-bold text-primary underline underline-offset-2 hover:text-primary-hover">
            Privacy Policy
          </Link>
          .
        </p>

        {/* 'See Results' comes first in the form so that Enter in the address field sends it
            (a form's default button is its first); the row shows it on the right. */}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse sm:justify-between">
          <SubmitButton
            name="intent"
            value={SEND}
            busy={busy}
            busyText="Processing..."
            size="lg"
            className="w-full sm:w-auto"
          >
            See Results
          </SubmitButton>
          <button
            type="submit"
            name="intent"
            value={BACK}
            onClick={back}
            disabled={busy}
            className={buttonClass("secondary", "lg", "w-full sm:w-auto")}
          >
            <ArrowLeft className="size-5" aria-hidden="true" />
            Back to Quiz
          </button>
        </div>
      </div>
    </Form>
  );
}
