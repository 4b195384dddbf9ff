import type { Toy } from "#domain/catalog.ts";
import {
  QUIZ_NEWSLETTER_NOTICE,
  QUIZ_SUMMARY_LABELS,
  type QuizAnswers,
  type QuizQuestionName,
  type QuizSubmission,
  quizOptionLabel,
} from "#domain/quiz.ts";
import { recommendToys } from "#domain/quiz-scoring.ts";
import type { Database } from "#server/db/client.ts";
import { quizSubmissions } from "#server/db/schema.ts";
import type { Outbox } from "#server/mail/outbox.ts";
import { quizResultsEmail } from "#server/mail/templates.ts";
import type { CatalogService } from "./catalog.service";
import type { NewsletterService } from "./newsletter.service";
import type { SiteSettingsService } from "./site-settings.service";

export interface QuizServiceOptions {
  /** public origin for links in e-mails */
  siteUrl: string;
  /** address a mail client writes to for the mailto: List-Unsubscribe */
  unsubscribeMailbox: string;
}

export interface QuizSubmissionResult {
  submissionId: number;
  /** the results e-mail, queued in the outbox */
  messageId: number;
}

const ANSWER_ORDER: readonly QuizQuestionName[] = ["dogSize", "dogAge", "chewStyle", "playStyle", "toyPurpose"];

/** The matchmaker quiz: recommendations, and storing a submission with its newsletter signup. */
export function createQuizService(
  db: Database,
  deps: {
    catalog: CatalogService;
    newsletter: NewsletterService;
    outbox: Outbox;
    siteSettings: Pick<SiteSettingsService, "postalAddress">;
  },
  options: QuizServiceOptions,
) {
  const { catalog, newsletter, outbox } = deps;

  /** Up to three toys for the answers, scored on the server over the whole catalogue (domain/quiz-scoring). */
  async function recommend(answers: QuizAnswers): Promise<Toy[]> {
    const picked = recommendToys(await catalog.listScorableToys(), answers);
    return catalog.getToysByIds(picked.map((toy) => toy.id));
  }

  return {
    recommend,

    /**
     * Stores the submission, subscribes the address and queues the results e-mail, all in one
     * transaction: either everything is kept or nothing is.
     */
    async submit(input: QuizSubmission): Promise<QuizSubmissionResult> {
      const { email, website: _honeypot, ...answers } = input;
      // Reads (and the signing key, which may be created on first use) happen before the
      // transaction: PGlite has a single connection, which the transaction holds.
      const recommendations = await recommend(answers);
      const signingKey = await newsletter.signingKey();
      const postalAddress = await deps.siteSettings.postalAddress();
      const consentedAt = new Date();

      return db.transaction(async (tx) => {
        const [submission] = await tx
          .insert(quizSubmissions)
          .values({ email, ...answers, hasConsented: true, consentText: QUIZ_NEWSLETTER_NOTICE, consentedAt })
          .returning({ id: quizSubmissions.id });
        if (!submission) throw new Error("quiz submission was not stored");

        const subscriber = await newsletter.subscribe(tx, {
          email,
          source: "quiz",
          consentText: QUIZ_NEWSLETTER_NOTICE,
          consentedAt,
        });
        const token = newsletter.tokenFor(signingKey, subscriber);
        const message = quizResultsEmail({
          to: email,
          answersSummary: ANSWER_ORDER.map((name) => ({
            label: QUIZ_SUMMARY_LABELS[name],
            value: quizOptionLabel(name, answers[name]),
          })),
          recommendations: recommendations.map((toy) => ({
            name: toy.name,
            description: toy.description,
            price: toy.price,
            // the tracked link (counts the click, adds the associate tag), as on the site
            url: toy.amazonUrl
              ? `${options.siteUrl}/go/${toy.id}?from=email`
              : `${options.siteUrl}/products?id=${toy.id}`,
          })),
          siteUrl: options.siteUrl,
          unsubscribeUrl: `${options.siteUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
          unsubscribeMailto: `mailto:${options.unsubscribeMailbox}?subject=${encodeURIComponent("unsubscribe")}`,
          postalAddress,
        });
        const messageId = await outbox.enqueue(tx, message);
        return { submissionId: submission.id, messageId };
      });
    },
  };
}

export type QuizService = ReturnType<typeof createQuizService>;
