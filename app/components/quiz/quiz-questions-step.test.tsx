// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { QuizAnswers } from "#domain/quiz.ts";
import { QUIZ_QUESTIONS } from "#domain/quiz-questions.ts";
import { QuizQuestionsStep } from "./quiz-questions-step";

// The form kit's radio groups on the quiz's first step: a question is a group named by its
// legend, an unanswered one says so under the group (the group, not each radio, invalid and
// described by the message), and the answers go on once all five are given.

afterEach(cleanup);

/** What the quiz page gives the step in this test (set by openStep). */
let stepProps: Parameters<typeof QuizQuestionsStep>[0];

function QuizPage() {
  return <QuizQuestionsStep {...stepProps} />;
}

function openStep(draft: Partial<QuizAnswers> = {}) {
  const onComplete = vi.fn<(answers: QuizAnswers) => void>();
  const onAnswered = vi.fn<(count: number) => void>();
  stepProps = { draft, email: "", counted: null, onAnswered, onComplete, headingRef: createRef() };
  const Stub = createRoutesStub([{ path: "/quiz", Component: QuizPage }]);
  render(<Stub initialEntries={["/quiz"]} />);
  return { user: userEvent.setup(), onComplete, onAnswered };
}

const question = (legend: string) => screen.getByRole("group", { name: new RegExp(legend.replace("?", "\\?")) });

/** What the group's aria-describedby names, read out with the question. */
function describedText(element: HTMLElement): string {
  const ids = (element.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

const NEXT = "Next: Get Your Recommendations";

describe("the quiz's questions", () => {
  it("says under each unanswered question what is missing, and goes on with none until all are answered", async () => {
    const { user, onComplete } = openStep({ dogSize: "medium", dogAge: "adult" });
    await user.click(screen.getByRole("button", { name: NEXT }));

    const chew = question("How does your dog chew?");
    await waitFor(() => expect(chew.getAttribute("aria-invalid")).toBe("true"));
    expect(describedText(chew)).toBe("Please select your dog's chew style");
    expect(describedText(question("How does your dog like to play?"))).toBe("Please select your dog's play style");
    expect(describedText(question("What's the main purpose of the toy?"))).toBe(
      "Please select the main purpose for the toy",
    );
    // the answered ones are left alone
    expect(question("What size is your dog?").getAttribute("aria-invalid")).toBeNull();
    // the first unanswered question's first choice has the focus
    expect(document.activeElement).toBe(within(chew).getByRole("radio", { name: "Gentle Chewer" }));
    expect(onComplete).not.toHaveBeenCalled();
  });

  it("is answered from the keyboard: Tab from question to question, arrows within one, Enter goes on", async () => {
    const { user, onComplete, onAnswered } = openStep();
    for (const { legend, options } of QUIZ_QUESTIONS) {
      // Tab goes from question to question, landing on each one's first choice
      await user.tab();
      expect(document.activeElement).toBe(within(question(legend)).getByRole("radio", { name: options[0]?.label }));
      await user.keyboard(" ");
      await user.keyboard("{ArrowDown}");
      const second = within(question(legend)).getByRole("radio", { name: options[1]?.label }) as HTMLInputElement;
      expect(second.checked).toBe(true);
    }
    expect(onAnswered).toHaveBeenLastCalledWith(5);
    await user.keyboard("{Enter}");
    await waitFor(() =>
      expect(onComplete).toHaveBeenCalledWith({
        dogSize: "medium",
        dogAge: "adult",
        chewStyle: "moderate",
        playStyle: "interactive",
        toyPurpose: "physical",
      }),
    );
  });
});
