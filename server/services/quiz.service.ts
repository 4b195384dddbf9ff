import type { Toy } from "#domain/catalog.ts";
import { mailboxKey } from "#domain/email.ts";
import { QUIZ_EMAILS_PER_ADDRESS } from "#domain/forms.ts";
import { priceView, priceViewText } from "#domain/price-stamp.ts";
import type { QuizAnswers, QuizQuestionName, QuizSubmission } from "#domain/quiz.ts";
import { QUIZ_NEWSLETTER_NOTICE, QUIZ_SUMMARY_LABELS, quizOptionLabel } from "#domain/quiz-questions.ts";
import { recommendToys } from "#domain/quiz-scoring.ts";
import { RESUBSCRIBE_LINK_DAYS } from "#domain/subscribers.ts";
import type { Database } from "#server/db/client.ts";
import { quizSubmissions } from "#server/db/schema.ts";
import type { Outbox } from "#server/mail/outbox.ts";
import { quizResultsEmail, resubscribeEmail } from "#server/mail/templates.ts";
import type { CatalogService } from "./catalog.service";
import { recordConsentEvents } from "./consent-history";
import type { NewsletterService } from "./newsletter.service";
import type { QuizFunnelService } from "./quiz-funnel.service";
import type { RateLimitService } from "./rate-limit.service";
import { keyedHash, type SecretSource } from "./secrets.service";
import type { SiteSettingsService } from "./site-settings.service";

export interface QuizServiceOptions {
  /** public origin for links in e-mails */
  siteUrl: string;
  /** address a mail client writes to for the mailto: List-Unsubscribe */
  unsubscribeMailbox: string;
  /** the clock of consents and of the links' and limits' times (tests move it) */
  now?: () => Date;
}

/**
 * Which e-mail a submission queued for its address, if any: the results (`results-limited` when
 * the address already had QUIZ_EMAILS_PER_ADDRESS of them in the last 24 hours), or, for an
 * address that left the newsletter, the question whether it wants it again (at most one a day).
 */
export type QuizMail =
  | { kind: "results"; messageId: number }
  | { kind: "results-limited" }
  | { kind: "resubscribe"; messageId: number }
  | { kind: "resubscribe-limited" };

export interface QuizSubmissionResult {
  submissionId: number;
  mail: QuizMail;
}

const DAY_MS = 24 * 3_600_000;

const ANSWER_ORDER: readonly QuizQuestionName[] = ["dogSize", "dogAge", "chewStyle", "playStyle", "toyPurpose"];

/** The matchmaker quiz: recommendations, and storing a submission with its newsletter signup. */
export function createQuizService(
  db: Database,
  deps: {
    catalog: CatalogService;
    newsletter: NewsletterService;
    outbox: Outbox;
    rateLimits: RateLimitService;
    /** keys the per-address counters, so no plain address is stored as a key */
    addressKeys: SecretSource;
    siteSettings: Pick<SiteSettingsService, "postalAddress">;
    funnel: Pick<QuizFunnelService, "countResultsEmailed">;
  },
  options: QuizServiceOptions,
) {
  const { catalog, newsletter, outbox, rateLimits } = deps;

  /** Up to three toys for the answers, scored on the server over the whole catalogue (domain/quiz-scoring). */
  async function recommend(answers: QuizAnswers): Promise<Toy[]> {
    const picked = recommendToys(await catalog.listScorableToys(), answers);
    return catalog.getToysByIds(picked.map((toy) => toy.id));
  }

  return {
    recommend,

    /**
     * Stores the submission, subscribes the address and queues the results e-mail, all in one
     * transaction: either everything is kept or nothing is (the per-address counts included).
     * An address that left the newsletter stays off it and is asked by e-mail instead.
     */
    async submit(input: QuizSubmission): Promise<QuizSubmissionResult> {
      const { email, website: _honeypot, ...answers } = input;
      // Reads (and the keys, which may be created on first use) happen before the transaction:
      // PGlite has a single connection, which the transaction holds.
      const recommendations = await recommend(answers);
      const signingKey = await newsletter.signingKey();
      const recipient = keyedHash(await deps.addressKeys.get(), "recipient", mailboxKey(email));
      const postalAddress = await deps.siteSettings.postalAddress();
      const consentedAt = options.now?.() ?? new Date();

      return db.transaction(async (tx): Promise<QuizSubmissionResult> => {
        const [submission] = await tx
          .insert(quizSubmissions)
          .values({ email, ...answers, hasConsented: true, consentText: QUIZ_NEWSLETTER_NOTICE, consentedAt })
          .returning({ id: quizSubmissions.id });
        if (!submission) throw new Error("quiz submission was not stored");
        const submissionId = submission.id;

        const subscriber = await newsletter.subscribe(tx, {
          email,
          source: "quiz",
          consentText: QUIZ_NEWSLETTER_NOTICE,
          consentedAt,
        });

        if (subscriber.status !== "subscribed") {
          const asked = await rateLimits.hitRolling(`resubscribe:${recipient}`, 1, DAY_MS, tx);
          if (!asked.allowed) return { submissionId, mail: { kind: "resubscribe-limited" } };
          const token = newsletter.resubscribeTokenFor(signingKey, subscriber, consentedAt);
          const messageId = await outbox.enqueue(
            tx,
            resubscribeEmail({
              to: subscriber.email,
              confirmUrl: `${options.siteUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`,
              linkDays: RESUBSCRIBE_LINK_DAYS,
              siteUrl: options.siteUrl,
            }),
          );
          await recordConsentEvents(tx, [
            {
              subscriberId: subscriber.id,
              action: "confirmation-requested",
              source: "quiz",
              consentText: QUIZ_NEWSLETTER_NOTICE,
              at: consentedAt,
            },
          ]);
          return { submissionId, mail: { kind: "resubscribe", messageId } };
        }

        const sent = await rateLimits.hitRolling(`quiz-results:${recipient}`, QUIZ_EMAILS_PER_ADDRESS, DAY_MS, tx);
        if (!sent.allowed) return { submissionId, mail: { kind: "results-limited" } };
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
            // the price as the results page shows it: stamped, or the out-of-stock or check-the-price note
            price: priceViewText(priceView(toy)),
            // the tracked link (counts the click, adds the associate tag), as on the site; else the toy's page
            url: toy.amazonUrl
              ? `${options.siteUrl}/go/${toy.id}?from=email`
              : `${options.siteUrl}/toys/${encodeURIComponent(toy.slug)}`,
          })),
          siteUrl: options.siteUrl,
          unsubscribeUrl: `${options.siteUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
          unsubscribeMailto: `mailto:${options.unsubscribeMailbox}?subject=${encodeURIComponent("unsubscribe")}`,
          postalAddress,
        });
        const messageId = await outbox.enqueue(tx, message);
        await deps.funnel.countResultsEmailed(tx);
        return { submissionId, mail: { kind: "results", messageId } };
      });
    },
  };
}

export type QuizService = ReturnType<typeof createQuizService>;
