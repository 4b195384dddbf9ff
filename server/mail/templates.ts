import { formatLegalDate } from "#domain/dates.ts";
import { PRICE_DISCLAIMER } from "#domain/price-stamp.ts";
import { escapeHtml, postalAddressHtml, preheaderHtml, previewLine } from "./email-html";
import type { OutboxMessage } from "./outbox";
import { toHeaderText } from "./transport";

export interface RecommendedToyForEmail {
  name: string;
  description: string;
  /** the price line as pages show it (priceViewText): "$12.99 · price as of …", or the note in its place */
  price: string;
  url: string;
}

export const QUIZ_RESULTS_SUBJECT = "Your dog toy matches from Pawsome Picks";

// Links in HTML mail: only web and mailto addresses, so no value can become a script URL.
function safeHref(url: string): string {
  return /^(https?:|mailto:)/i.test(url.trim()) ? escapeHtml(url.trim()) : "#";
}

const font = "font-family:Arial,Helvetica,sans-serif;color:#1f2937;";

/** What the inbox shows of the results e-mail before it is opened: the matches by name. */
function quizPreview(recommendations: readonly RecommendedToyForEmail[]): string {
  if (recommendations.length === 0) return "Your answers, and plenty of great toys to explore for your dog.";
  const names = recommendations.map((toy) => toy.name).join(", ");
  return previewLine(
    recommendations.length === 1 ? `Your top match: ${names}` : `Your top ${recommendations.length} matches: ${names}`,
  );
}

/**
 * The quiz results with the visitor's matches; also the newsletter welcome, so it carries
 * one-click unsubscribe and, when one is set, the sender's postal address (CAN-SPAM). Without
 * an address it still goes out: the visitor asked for the results.
 */
export function quizResultsEmail(input: {
  to: string;
  answersSummary: { label: string; value: string }[];
  recommendations: RecommendedToyForEmail[];
  siteUrl: string;
  unsubscribeUrl: string;
  unsubscribeMailto: string;
  /** the sender's postal address (site settings); null when none is set */
  postalAddress: string | null;
}): OutboxMessage {
  const productsUrl = `${input.siteUrl}/products`;
  const welcome =
    "Welcome to the Pawsome Picks newsletter! Thanks for taking the Dog Toy Matchmaker Quiz. Here is what you told us about your dog and the toys we picked for it.";
  const noMatches = `We couldn't find a perfect match this time, but there are plenty of great toys to explore: ${productsUrl}`;
  const why =
    "You are receiving this e-mail because you entered this address in the Dog Toy Matchmaker Quiz on Pawsome Picks, which also signs you up to our newsletter.";
  const affiliate =
    "Some links are affiliate links: we may earn a commission when you buy through them, at no extra cost to you.";

  const text = [
    "Hi there,",
    "",
    welcome,
    "",
    "Your answers",
    ...input.answersSummary.map((a) => `- ${a.label}: ${a.value}`),
    "",
    "Your top matches",
    ...(input.recommendations.length === 0
      ? [noMatches]
      : input.recommendations.flatMap((toy, i) => [
          `${i + 1}. ${toy.name} - ${toy.price}`,
          `   ${toy.description}`,
          `   ${toy.url}`,
          "",
        ])),
    ...(input.recommendations.length === 0 ? [""] : []),
    `More toys, reviews and guides: ${input.siteUrl}`,
    "",
    "--",
    ...(input.recommendations.length > 0 ? [PRICE_DISCLAIMER, ""] : []),
    why,
    affiliate,
    `Unsubscribe: ${input.unsubscribeUrl}`,
    ...(input.postalAddress ? ["", input.postalAddress] : []),
    "",
  ].join("\n");

  const answers = input.answersSummary
    .map(
      (a) =>
        `<tr><td style="${font}padding:4px 12px 4px 0;font-weight:bold;">${escapeHtml(a.label)}</td><td style="${font}padding:4px 0;">${escapeHtml(a.value)}</td></tr>`,
    )
    .join("");
  const matches =
    input.recommendations.length === 0
      ? `<p style="${font}">We couldn't find a perfect match this time, but there are plenty of great toys to explore: <a href="${safeHref(productsUrl)}" style="color:#c2410c;">browse all toys</a>.</p>`
      : input.recommendations
          .map(
            (toy) =>
              `<div style="${font}border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:0 0 12px;">` +
              `<p style="margin:0 0 4px;font-size:16px;font-weight:bold;">${escapeHtml(toy.name)} <span style="color:#c2410c;">${escapeHtml(toy.price)}</span></p>` +
              `<p style="margin:0 0 8px;">${escapeHtml(toy.description)}</p>` +
              `<a href="${safeHref(toy.url)}" style="color:#c2410c;font-weight:bold;">See ${escapeHtml(toy.name)}</a></div>`,
          )
          .join("");
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>',
    escapeHtml(QUIZ_RESULTS_SUBJECT),
    `</title></head><body style="margin:0;padding:24px;background:#fff7ed;">`,
    preheaderHtml(quizPreview(input.recommendations)),
    `<div style="${font}max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;">`,
    `<h1 style="${font}font-size:22px;margin:0 0 12px;">Your dog toy matches</h1>`,
    `<p style="${font}">${escapeHtml(welcome)}</p>`,
    `<h2 style="${font}font-size:18px;margin:20px 0 8px;">Your answers</h2>`,
    `<table role="presentation" style="border-collapse:collapse;">${answers}</table>`,
    `<h2 style="${font}font-size:18px;margin:20px 0 8px;">Your top matches</h2>`,
    matches,
    `<p style="${font}">More toys, reviews and guides on <a href="${safeHref(input.siteUrl)}" style="color:#c2410c;">Pawsome Picks</a>.</p>`,
    `<hr style="border:none;border-top:1px solid #e5e7eb;margin:20px 0;">`,
    input.recommendations.length > 0
      ? `<p style="${font}font-size:12px;color:#6b7280;">${escapeHtml(PRICE_DISCLAIMER)}</p>`
      : "",
    `<p style="${font}font-size:12px;color:#6b7280;">${escapeHtml(why)} ${escapeHtml(affiliate)} `,
    `<a href="${safeHref(input.unsubscribeUrl)}" style="color:#6b7280;">Unsubscribe</a></p>`,
    postalAddressHtml(input.postalAddress, `${font}font-size:12px;color:#6b7280;`),
    "</div></body></html>",
  ].join("");

  return {
    kind: "quiz-results",
    to: input.to,
    subject: QUIZ_RESULTS_SUBJECT,
    text,
    html,
    headers: {
      // RFC 2369 list of ways to leave; RFC 8058 says the https one works with a single POST
      "List-Unsubscribe": `<${input.unsubscribeUrl}>, <${input.unsubscribeMailto}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** Tells the site owner about a contact form message; replying answers the visitor. */
export function contactNotificationEmail(input: {
  to: string;
  message: { name: string; email: string; subject: string; message: string };
  receivedAt: Date;
  /** the message in the admin inbox */
  adminUrl: string;
}): OutboxMessage {
  const { name, email, subject, message } = input.message;
  const text = [
    "New message from the Pawsome Picks contact form.",
    "",
    `Name: ${name}`,
    `Email: ${email}`,
    `Subject: ${subject}`,
    `Received: ${input.receivedAt.toISOString()}`,
    "",
    "Message:",
    message,
    "",
    `Open it in the admin: ${input.adminUrl}`,
    "",
    "--",
    `Reply to this e-mail to answer ${toHeaderText(name) || email} directly.`,
    "",
  ].join("\n");
  return {
    kind: "contact-notification",
    to: input.to,
    replyTo: { name: toHeaderText(name), address: email },
    subject: `Contact form: ${toHeaderText(subject)}`,
    text,
  };
}

/**
 * The owner's answer to a contact message, sent from the site (issue 19). Replies to it reach the
 * owner's inbox; the visitor's own words are quoted below, as a mail program would.
 */
export function contactReplyEmail(input: {
  to: string;
  /** the owner's inbox (CONTACT_TO) */
  replyTo: string;
  subject: string;
  reply: string;
  original: { name: string; message: string; receivedAt: Date };
}): OutboxMessage {
  const quoted = input.original.message
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
  const text = [
    input.reply,
    "",
    "--",
    "Pawsome Picks",
    "",
    `On ${formatLegalDate(input.original.receivedAt)}, ${toHeaderText(input.original.name)} wrote:`,
    quoted,
    "",
  ].join("\n");
  return {
    kind: "contact-reply",
    to: input.to,
    replyTo: { address: input.replyTo },
    subject: toHeaderText(input.subject),
    text,
  };
}

export const RESUBSCRIBE_SUBJECT = "Do you want the newsletter again?";

/**
 * Asks an address that left the newsletter (or bounced) whether it wants it again, after someone
 * entered it in the quiz (issue 26). Only the link's button puts it back on the list; not a list
 * message itself, so no List-Unsubscribe: ignoring it is enough.
 */
export function resubscribeEmail(input: {
  to: string;
  confirmUrl: string;
  linkDays: number;
  siteUrl: string;
}): OutboxMessage {
  const why =
    "Someone, hopefully you, entered this address in the Dog Toy Matchmaker Quiz on Pawsome Picks. This address is not on our newsletter list (it was unsubscribed earlier, or our e-mails to it did not arrive), so we have not signed it up again.";
  const ask = `If you want the Pawsome Picks newsletter again, open this link and confirm with its button. The link works for ${input.linkDays} days.`;
  const ignore = "If you don't want it, or you didn't take the quiz, ignore this e-mail: nothing changes.";
  const text = [
    "Hi there,",
    "",
    why,
    "",
    ask,
    input.confirmUrl,
    "",
    ignore,
    "",
    "--",
    "Pawsome Picks",
    input.siteUrl,
    "",
  ].join("\n");
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>',
    escapeHtml(RESUBSCRIBE_SUBJECT),
    `</title></head><body style="margin:0;padding:24px;background:#fff7ed;"><div style="${font}max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;">`,
    `<h1 style="${font}font-size:22px;margin:0 0 12px;">${escapeHtml(RESUBSCRIBE_SUBJECT)}</h1>`,
    `<p style="${font}">${escapeHtml(why)}</p>`,
    `<p style="${font}">${escapeHtml(ask)}</p>`,
    `<p style="${font}"><a href="${safeHref(input.confirmUrl)}" style="display:inline-block;background:#c2410c;color:#ffffff;font-weight:bold;padding:10px 16px;border-radius:8px;text-decoration:none;">Yes, I want the newsletter</a></p>`,
    `<p style="${font}">${escapeHtml(ignore)}</p>`,
    `<hr style="border:none;border-top:1px solid #e5e7eb;margin:20px 0;">`,
    `<p style="${font}font-size:12px;color:#6b7280;"><a href="${safeHref(input.siteUrl)}" style="color:#6b7280;">Pawsome Picks</a></p>`,
    "</div></body></html>",
  ].join("");
  return { kind: "newsletter-confirmation", to: input.to, subject: RESUBSCRIBE_SUBJECT, text, html };
}

export const SIGN_IN_LINK_SUBJECT = "Your Pawsome Picks sign-in link";

/**
 * A one-time sign-in link for the owner (issue 26), asked for on the login page while sign-in is
 * throttled. Someone else may have asked for it: it says so, and that ignoring it is safe.
 */
export function signInLinkEmail(input: { to: string; url: string; minutes: number; siteUrl: string }): OutboxMessage {
  const intro = `Someone asked for a sign-in link on the Pawsome Picks login page, where sign-in is paused after too many wrong passwords. Open this link and press "Sign in" to sign in to the admin area. It works once, within ${input.minutes} minutes.`;
  const ignore =
    "If it wasn't you, ignore this e-mail: nobody can use the link without it. Someone may be guessing your password, so make sure it is a strong one (Change password, in the admin).";
  const text = [intro, "", input.url, "", ignore, "", "--", "Pawsome Picks", input.siteUrl, ""].join("\n");
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>',
    escapeHtml(SIGN_IN_LINK_SUBJECT),
    `</title></head><body style="margin:0;padding:24px;background:#fff7ed;"><div style="${font}max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;">`,
    `<h1 style="${font}font-size:22px;margin:0 0 12px;">${escapeHtml(SIGN_IN_LINK_SUBJECT)}</h1>`,
    `<p style="${font}">${escapeHtml(intro)}</p>`,
    `<p style="${font}"><a href="${safeHref(input.url)}" style="display:inline-block;background:#c2410c;color:#ffffff;font-weight:bold;padding:10px 16px;border-radius:8px;text-decoration:none;">Sign in to Pawsome Picks</a></p>`,
    `<p style="${font}">${escapeHtml(ignore)}</p>`,
    `<hr style="border:none;border-top:1px solid #e5e7eb;margin:20px 0;">`,
    `<p style="${font}font-size:12px;color:#6b7280;"><a href="${safeHref(input.siteUrl)}" style="color:#6b7280;">Pawsome Picks</a></p>`,
    "</div></body></html>",
  ].join("");
  return { kind: "sign-in-link", to: input.to, subject: SIGN_IN_LINK_SUBJECT, text, html };
}
