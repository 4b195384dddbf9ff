import { formatLegalDate } from "#domain/dates.ts";
import { LINK_STATE_EXPLAINED, type LinkProblem, linkProblemLine } from "#domain/link-health.ts";
import type { OutboxMessage } from "./outbox";
import { toHeaderText } from "./transport";

/** "Link check: 2 new problems with retailer links". */
export function linkDigestSubject(count: number): string {
  return `Link check: ${count} new ${count === 1 ? "problem" : "problems"} with retailer links`;
}

/**
 * The owner's daily digest of retailer links that went wrong since the last one (issue 27): each
 * product with its link, what is wrong, and where to fix it. Plain text, like the owner's other
 * notifications: nothing in it is for a visitor.
 */
export function linkDigestEmail(input: {
  to: string;
  problems: readonly LinkProblem[];
  siteUrl: string;
}): OutboxMessage {
  const lines = input.problems.flatMap((problem) => [
    `- ${toHeaderText(problem.toyName)}`,
    `  ${linkProblemLine(problem)}`,
    `  ${LINK_STATE_EXPLAINED[problem.state]}.`,
    `  Link: ${problem.url}`,
    ...(problem.finalUrl ? [`  Ends at: ${problem.finalUrl}`] : []),
    `  Found: ${formatLegalDate(new Date(problem.firstSeenAt))}`,
    `  Fix it: ${input.siteUrl}/admin/products/${problem.toyId}`,
    "",
  ]);
  const text = [
    "The scheduled link check found retailer links that stopped working since the last digest.",
    "Visitors who click them land on an error, a sold-out product or another address, and earn you nothing.",
    "",
    ...lines,
    `All link problems, with "Use this URL" for redirected links: ${input.siteUrl}/admin/dashboard`,
    "",
    "--",
    "Pawsome Picks sends this at most once a day, and only when there is something new.",
    "",
  ].join("\n");
  return { kind: "link-digest", to: input.to, subject: linkDigestSubject(input.problems.length), text };
}
