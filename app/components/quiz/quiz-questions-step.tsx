import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import ArrowRightNode from "lucide/dist/esm/icons/arrow-right.mjs";
import type { RefObject } from "react";
import { Form } from "react-router";
import { RadioGroupField } from "#app/components/form/radio-group-field.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { useKitForm } from "#app/components/form/use-kit-form.ts";
import { quizForms } from "#app/components/quiz/quiz-forms.ts";
import { icon } from "#app/components/ui/icon.ts";
import { COUNTED_FIELD, type QuizIntent } from "#app/lib/quiz-api.ts";
import type { QuizAnswers } from "#domain/quiz.ts";
import type { QuizWalkStep } from "#domain/quiz-funnel.ts";
import { QUIZ_QUESTIONS } from "#domain/quiz-questions.ts";

const ArrowRight = icon("arrow-right", ArrowRightNode);

const NEXT = "Next: Get Your Recommendations";

const answersSchema = (quiz: typeof import("#domain/quiz.ts")) => quiz.quizAnswersSchema;

interface QuizQuestionsStepProps {
  /** the answers chosen so far */
  draft: Partial<QuizAnswers>;
  /** the address typed on the e-mail step, carried back there */
  email: string;
  result?: SubmissionResult<string[]>;
  /** the walk's furthest funnel step the page's action counted, carried on by the form */
  counted: QuizWalkStep | null;
  /** how many questions have an answer, after each change */
  onAnswered: (count: number) => void;
  onComplete: (answers: QuizAnswers) => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** Step 1: the five radio questions, checked with the shared schema on submit. */
export function QuizQuestionsStep({
  draft,
  email,
  result,
  counted,
  onAnswered,
  onComplete,
  headingRef,
}: QuizQuestionsStepProps) {
  const { form, fields } = useKitForm({
    id: "quiz-answers",
    module: quizForms,
    schema: answersSchema,
    lastResult: result,
    defaultValue: draft,
    send: async (answers) => {
      onComplete(answers);
      return undefined;
    },
  });

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="quiz-step-heading"
      className="mt-8"
      onChange={(event) => {
        const values = new FormData(event.currentTarget);
        onAnswered(QUIZ_QUESTIONS.filter((question) => values.get(question.name)).length);
      }}
    >
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
        {QUIZ_QUESTIONS.map((question, number) => (
          <RadioGroupField
            key={question.name}
            field={fields[question.name]}
            legend={
              <>
                <span className="text-primary">{number + 1}.</span> {question.legend}
              </>
            }
            options={question.options}
          />
        ))}
      </div>

      {email ? <input type="hidden" name="email" value={email} /> : null}
      {counted ? <input type="hidden" name={COUNTED_FIELD} value={counted} /> : null}
      <div className="mt-8">
        <SubmitButton
          name="intent"
          value={"answers" satisfies QuizIntent}
          busyText={NEXT}
          size="lg"
          className="w-full sm:w-auto"
          icon={<ArrowRight className="order-last size-5" aria-hidden="true" />}
        >
          {NEXT}
        </SubmitButton>
      </div>
    </Form>
  );
}
