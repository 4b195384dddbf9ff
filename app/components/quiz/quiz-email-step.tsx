import { ArrowLeft, Loader2, Mail } from "lucide-react";
import { type FormEvent, type RefObject, useRef, useState } from "react";
import { Link } from "react-router";
import { QUIZ_NEWSLETTER_NOTICE, type QuizEmailInput, quizEmailSchema } from "../../../domain/quiz";
import { HoneypotField } from "../honeypot-field";
import { buttonClass } from "../ui/button";

interface QuizEmailStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  onBack: () => void;
  /** sends the e-mail; resolves to a message for the field when the server refused the address */
  onSubmit: (input: QuizEmailInput) => Promise<string | undefined>;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** Step 2: the e-mail address (and automatic newsletter signup) before the results; only reached after hydration. */
export function QuizEmailStep({ email, onEmailChange, onBack, onSubmit, headingRef }: QuizEmailStepProps) {
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);

  function showError(message: string) {
    setError(message);
    inputRef.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const result = quizEmailSchema.safeParse({ email, website: honeypotRef.current?.value ?? "" });
    if (!result.success) {
      showError(result.error.issues[0]?.message ?? "Please enter a valid email address");
      return;
    }
    setError(undefined);
    setSubmitting(true);
    let refused: string | undefined;
    try {
      refused = await onSubmit(result.data);
    } finally {
      setSubmitting(false);
    }
    // Otherwise the flow has moved on to the results and this step is gone.
    if (refused) showError(refused);
  }

  return (
    <form method="post" noValidate onSubmit={submit} aria-labelledby="quiz-step-heading" className="mt-8">
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

        <div className="mt-6">
          <label htmlFor="quiz-email" className="block text-sm font-bold">
            Email address
          </label>
          <input
            ref={inputRef}
            id="quiz-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            value={email}
            onChange={(event) => {
              onEmailChange(event.target.value);
              // Only an address already marked wrong is re-checked while typing.
              if (error) {
                const ok = quizEmailSchema.shape.email.safeParse(event.target.value).success;
                if (ok) setError(undefined);
              }
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "quiz-email-error quiz-email-notice" : "quiz-email-notice"}
            className={`mt-1 block w-full scroll-mt-28 rounded-lg border bg-white px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary ${
              error ? "border-red-700" : "border-stone-300"
            }`}
          />
          {error ? (
            <p id="quiz-email-error" className="mt-1 text-sm font-semibold text-red-700">
              {error}
            </p>
          ) : null}
        </div>

        <HoneypotField inputRef={honeypotRef} />

        <p id="quiz-email-notice" className="mt-4 rounded-lg bg-primary-soft p-3 text-sm text-ink">
          {/* The server stores this exact wording as the consent record of the signup. */}
          {QUIZ_NEWSLETTER_NOTICE} Read how we handle your address in our{" "}
          <Link to="/privacy" className="font-bold text-primary underline underline-offset-2 hover:text-primary-hover">
            Privacy Policy
          </Link>
          .
        </p>

        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <button
            type="button"
            onClick={onBack}
            disabled={submitting}
            className={buttonClass("secondary", "lg", "w-full sm:w-auto")}
          >
            <ArrowLeft className="size-5" aria-hidden="true" />
            Back to Quiz
          </button>
          <button
            type="submit"
            disabled={submitting}
            aria-busy={submitting || undefined}
            className={buttonClass("primary", "lg", "w-full sm:w-auto")}
          >
            {submitting ? <Loader2 className="size-5 animate-spin" aria-hidden="true" /> : null}
            {submitting ? "Processing..." : "See Results"}
          </button>
        </div>
      </div>
    </form>
  );
}
