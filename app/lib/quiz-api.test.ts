import { describe, expect, it } from "vitest";
import { newsletterOutcome, recommendationsPath } from "./quiz-api";

// The expected texts are written out (not read from QUIZ_TEXT) so a changed string fails here:
// they are spec/quiz-and-admin.md §8 and the quiz brief word for word.
const json = (status: number, body: unknown) => ({ status, body });

const submissionError = (description: string) => ({
  kind: "results",
  toasts: [{ title: "Submission Error", description, variant: "destructive" }],
});

describe("newsletterOutcome", () => {
  it("emailSent true thanks the visitor with the server's message", () => {
    expect(newsletterOutcome(json(200, { emailSent: true, message: "Your matches are on their way!" }))).toEqual({
      kind: "results",
      toasts: [{ title: "Thank you for subscribing!", description: "Your matches are on their way!" }],
    });
  });

  it("emailSent true without a message points to the inbox", () => {
    expect(newsletterOutcome(json(200, { emailSent: true }))).toEqual({
      kind: "results",
      toasts: [
        {
          title: "Thank you for subscribing!",
          description: "Check your inbox for your personalized toy recommendations.",
        },
      ],
    });
  });

  it("a 202 without mail says the results are saved, then shows the administrator's note", () => {
    const outcome = newsletterOutcome(
      json(202, { emailSent: false, message: "Saved, mail is off.", note: "Configure SMTP_URL to send mail." }),
    );
    expect(outcome).toEqual({
      kind: "results",
      toasts: [
        { title: "Quiz Results Saved", description: "Saved, mail is off." },
        { title: "Note for Site Administrator", description: "Configure SMTP_URL to send mail." },
      ],
    });
  });

  it("an accepted answer without message or note uses the fallback and no second toast", () => {
    for (const body of [{ emailSent: false }, { emailSent: false, message: "  ", note: "" }, {}]) {
      expect(newsletterOutcome(json(202, body))).toEqual({
        kind: "results",
        toasts: [
          {
            title: "Quiz Results Saved",
            description: "Your quiz results have been saved, but we couldn't send the email right now.",
          },
        ],
      });
    }
  });

  it("an OK answer without a body (or with no fields) counts as saved without mail", () => {
    expect(newsletterOutcome({ status: 200, body: null })).toMatchObject({
      kind: "results",
      toasts: [{ title: "Quiz Results Saved" }],
    });
  });

  it("error statuses show the server's message as a Submission Error", () => {
    expect(newsletterOutcome(json(429, { message: "Too many submissions. Please wait a minute." }))).toEqual(
      submissionError("Too many submissions. Please wait a minute."),
    );
    expect(newsletterOutcome(json(500, { message: "Database unavailable" }))).toEqual(
      submissionError("Database unavailable"),
    );
  });

  it("error statuses without a usable message fall back to the generic text", () => {
    const fallback = submissionError("There was a problem processing your subscription. Please try again later.");
    expect(newsletterOutcome({ status: 502, body: {} })).toEqual(fallback);
    expect(newsletterOutcome({ status: 500, body: null })).toEqual(fallback);
    expect(newsletterOutcome(json(503, { message: 42 }))).toEqual(fallback);
    expect(newsletterOutcome(json(500, ["not", "an", "object"]))).toEqual(fallback);
  });

  it("a 400 naming the e-mail keeps the visitor on the e-mail step with that message", () => {
    expect(
      newsletterOutcome(
        json(400, {
          message: "Please enter a valid email address",
          errors: { email: ["That domain cannot get mail"] },
        }),
      ),
    ).toEqual({ kind: "emailRejected", message: "That domain cannot get mail" });
    expect(newsletterOutcome(json(400, { message: "Bad address", errors: { email: [] } }))).toEqual({
      kind: "emailRejected",
      message: "Bad address",
    });
    expect(newsletterOutcome(json(400, { errors: { email: "Not deliverable" } }))).toEqual({
      kind: "emailRejected",
      message: "Not deliverable",
    });
  });

  it("a 400 about the answers, not the e-mail, is a Submission Error", () => {
    expect(
      newsletterOutcome(json(400, { message: "Please select your dog's size", errors: { dogSize: ["x"] } })),
    ).toEqual(submissionError("Please select your dog's size"));
  });

  it("fetch's TypeError is reported as a network problem", () => {
    expect(newsletterOutcome({ thrown: new TypeError("Failed to fetch") })).toEqual(
      submissionError("Network error: Please check your internet connection and try again."),
    );
  });

  it("another exception shows its message, then asks to try again later", () => {
    expect(newsletterOutcome({ thrown: new Error("The request was aborted") })).toEqual(
      submissionError("The request was aborted. Please try again later."),
    );
    // no doubled full stop when the message already ends with one
    expect(newsletterOutcome({ thrown: new Error("Request timed out.") })).toEqual(
      submissionError("Request timed out. Please try again later."),
    );
  });

  it("an exception that is not an Error, or has no message, gets the generic connection text", () => {
    const generic = submissionError("There was a problem connecting to our servers. Please try again later.");
    expect(newsletterOutcome({ thrown: "boom" })).toEqual(generic);
    expect(newsletterOutcome({ thrown: undefined })).toEqual(generic);
    expect(newsletterOutcome({ thrown: new Error("") })).toEqual(generic);
  });
});

describe("recommendationsPath", () => {
  it("sends the five answers as query parameters", () => {
    const path = recommendationsPath({
      dogSize: "small",
      dogAge: "puppy",
      chewStyle: "aggressive",
      playStyle: "both",
      toyPurpose: "mental",
    });
    const url = new URL(path, "http://localhost");
    expect(url.pathname).toBe("/api/quiz-recommendations");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      dogSize: "small",
      dogAge: "puppy",
      chewStyle: "aggressive",
      playStyle: "both",
      toyPurpose: "mental",
    });
  });
});
