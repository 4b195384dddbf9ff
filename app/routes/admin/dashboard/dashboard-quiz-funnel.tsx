import FilterNode from "lucide/dist/esm/icons/funnel.mjs";
import { icon } from "#app/components/ui/icon.ts";
import type { Result } from "#app/lib/result.ts";
import { QUIZ_FUNNEL_LABELS, type QuizFunnel, withDropOff } from "#domain/quiz-funnel.ts";
import { QUIZ_QUESTIONS } from "#domain/quiz-questions.ts";
import { DashboardPanel, formatCount, PanelError } from "../../../components/admin/panel";

const Filter = icon("funnel", FilterNode);

const percent = (value: number) => `${value.toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;

/** "40% dropped off", or a gain when a step counts more than the one before (several clicks per results page). */
function dropOffText(dropOff: number | null): string | null {
  if (dropOff === null) return null;
  return dropOff >= 0 ? `${percent(dropOff)} dropped off` : `${percent(-dropOff)} more than the step before`;
}

/** A row of a bar list: a label, its number and note, and a bar relative to `most` (drawn only; the text says it all). */
function Bar({ label, value, note, most }: { label: string; value: number; note?: string | null; most: number }) {
  return (
    <>
      <div className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 leading-6 font-semibold break-words">{label}</span>
        <span className="shrink-0 text-right text-sm leading-6 tabular-nums">
          <strong className="font-bold">{formatCount(value)}</strong>
          {note ? <span className="ml-2 text-muted">{note}</span> : null}
        </span>
      </div>
      <div className="mt-1 h-1.5 rounded-full bg-stone-100" aria-hidden="true">
        <div
          className="h-full rounded-full bg-primary"
          style={{ width: `${value === 0 ? 0 : Math.max(2, (value / most) * 100)}%` }}
        />
      </div>
    </>
  );
}

/**
 * Where the quiz loses people (issue 28): each step of the period with the share that did not
 * go on from the step before, and how the walks that reached the e-mail step answered.
 */
export function DashboardQuizFunnel({ funnel, days }: { funnel: Result<QuizFunnel>; days: number }) {
  const period = `in the last ${days} days`;
  const empty = funnel.ok && funnel.data.steps.every((step) => step.count === 0);
  return (
    <DashboardPanel
      id="quiz-funnel"
      title="Quiz funnel"
      subtitle={`How far visitors got through the quiz ${period} (bots and signed-in admins are not counted)`}
      icon={Filter}
    >
      {!funnel.ok ? (
        <PanelError what="The quiz funnel" />
      ) : empty ? (
        <p className="rounded-lg bg-stone-50 p-4 text-sm text-muted">No quiz activity {period} yet.</p>
      ) : (
        <div className="grid gap-8 lg:grid-cols-2">
          <div>
            <h3 className="font-extrabold">Steps</h3>
            <ol className="mt-3 space-y-3" aria-label="Quiz funnel steps">
              {withDropOff(funnel.data.steps).map((step, _i, steps) => (
                <li key={step.name} data-testid="funnel-step" data-step={step.name}>
                  <Bar
                    label={QUIZ_FUNNEL_LABELS[step.name]}
                    value={step.count}
                    note={dropOffText(step.dropOff)}
                    most={Math.max(1, ...steps.map((s) => s.count))}
                  />
                </li>
              ))}
            </ol>
          </div>
          <div>
            <h3 className="font-extrabold">Answers</h3>
            <div className="mt-3 space-y-5">
              {funnel.data.answers.map((question) => {
                const legend = QUIZ_QUESTIONS.find((q) => q.name === question.question)?.legend ?? question.question;
                const total = question.options.reduce((sum, option) => sum + option.count, 0);
                const most = Math.max(1, ...question.options.map((option) => option.count));
                return (
                  <section key={question.question} aria-label={legend}>
                    <h4 className="text-sm font-bold">{legend}</h4>
                    <ul className="mt-2 space-y-2">
                      {question.options.map((option) => (
                        <li key={option.answer} data-testid="funnel-answer">
                          <Bar
                            label={option.label}
                            value={option.count}
                            note={total > 0 ? percent(Math.round((option.count / total) * 1000) / 10) : null}
                            most={most}
                          />
                        </li>
                      ))}
                    </ul>
                  </section>
                );
              })}
            </div>
          </div>
        </div>
      )}
    </DashboardPanel>
  );
}
