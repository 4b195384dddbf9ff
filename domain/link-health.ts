// Links that work (issue 27): what the link check makes of a retailer's answer. Pure rules; the
// service (server/services/link-check.service.ts) asks the retailer and stores what these return.

import { z } from "zod";
import type { RetailerAvailability } from "./retailer-item";
import { wireSchema } from "./wire-schema";

export const LINK_STATES = ["ok", "redirected", "broken", "unreachable", "unavailable"] as const;
/**
 * `ok`: answers 2xx where it points; `redirected`: answers 2xx at another address (the final one
 * is kept); `broken`: answers 4xx/5xx; `unreachable`: no answer (network error, time-out, refused,
 * a redirect loop); `unavailable`: the retailer says the product is sold out or gone.
 */
export type LinkState = (typeof LINK_STATES)[number];
export type LinkProblemState = Exclude<LinkState, "ok">;

/** Redirects a check follows; one more is a loop as far as a visitor's browser is concerned. */
export const MAX_LINK_REDIRECTS = 5;

/** What one check concluded about one link. */
export interface LinkVerdict {
  state: LinkState;
  /** the status that decided: a broken page's, a redirect's first (301, 302…); null without an answer */
  httpStatus: number | null;
  /** where the link ends up when that is not where it points */
  finalUrl: string | null;
  /** why, in the owner's words: "No answer within 10 s", "Amazon no longer offers this item" */
  detail: string | null;
}

// ---- which links, checked how ----------------------------------------------------------------

const AMAZON_HOST = /(^|\.)amazon\.[a-z]{2,3}(\.[a-z]{2})?$|(^|\.)amzn\.(to|com|eu|asia)$|^a\.co$/i;

/** Amazon's own hosts and short links: never fetched (they answer robots 503), asked through the API. */
export function isAmazonHost(hostname: string): boolean {
  return AMAZON_HOST.test(hostname.replace(/\.$/, ""));
}

const ASIN_IN_PATH = /\/(?:dp|gp\/product|gp\/aw\/d|exec\/obidos\/asin|o\/asin)\/([a-z0-9]{10})(?:[/?#]|$)/i;

/** The ASIN an Amazon product URL names (/dp/B0…, /gp/product/B0…), or null. */
export function asinFromAmazonUrl(url: URL): string | null {
  return ASIN_IN_PATH.exec(url.pathname)?.[1]?.toUpperCase() ?? null;
}

/** How one link gets checked. */
export type LinkPlan =
  | { kind: "http"; url: string }
  | { kind: "amazon"; url: string; asin: string }
  /** an Amazon link without the API to ask (no credentials, or no ASIN): left unchecked, never fetched */
  | { kind: "unchecked"; url: string; reason: "no-amazon-api" | "no-asin" }
  /** not a web address at all: broken without asking anyone */
  | { kind: "invalid"; url: string };

/**
 * The check a toy's retailer link gets: an Amazon link goes to the Creators API by the toy's
 * ASIN (else the one in the URL), any other http(s) link is requested. Null: no link.
 */
export function planLinkCheck(
  link: string | null,
  toyAsin: string | null,
  options: { amazonApi: boolean },
): LinkPlan | null {
  // kept as stored: the check's row is matched to the toy's link by equality
  const url = link;
  if (!url?.trim()) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: "invalid", url };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return { kind: "invalid", url };
  if (!isAmazonHost(parsed.hostname)) return { kind: "http", url };
  if (!options.amazonApi) return { kind: "unchecked", url, reason: "no-amazon-api" };
  const asin = toyAsin?.trim().toUpperCase() || asinFromAmazonUrl(parsed);
  return asin ? { kind: "amazon", url, asin } : { kind: "unchecked", url, reason: "no-asin" };
}

/**
 * Orders links so that consecutive ones are on different hosts where possible (round robin by
 * host, each host's links in their order): two checks at a time then rarely wait on one host's pace.
 */
export function interleaveByHost<T>(items: readonly T[], hostOf: (item: T) => string): T[] {
  const byHost = new Map<string, T[]>();
  for (const item of items) {
    const host = hostOf(item);
    const list = byHost.get(host);
    if (list) list.push(item);
    else byHost.set(host, [item]);
  }
  const queues = [...byHost.values()];
  const out: T[] = [];
  for (let round = 0; out.length < items.length; round++) {
    for (const queue of queues) {
      const item = queue[round];
      if (item !== undefined) out.push(item);
    }
  }
  return out;
}

// ---- the HTTP answer -------------------------------------------------------------------------

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function isRedirectStatus(status: number): boolean {
  return REDIRECT_STATUSES.has(status);
}

/**
 * Whether a HEAD answer is worth a GET before judging: 405 and 501 say HEAD is not supported,
 * and many shops answer HEAD with 403, 404 or 5xx while GET works, so any error answer is asked
 * again (a page is called broken only on what a visitor's browser would get).
 */
export function retryHeadWithGet(status: number): boolean {
  return status >= 400;
}

/**
 * Whether a HEAD request that failed at the network level was refused (the server reset or
 * dropped the connection on it) rather than the host being down: a GET is tried then. A refused
 * connection or an unknown name would fail a GET just the same.
 */
export function isHeadRefusal(errorCode: string): boolean {
  return ["ECONNRESET", "EPIPE", "ECONNABORTED"].includes(errorCode) || errorCode.startsWith("HPE_");
}

/**
 * Hosts of affiliate networks and link services whose links always redirect to the merchant (the
 * redirect is how they count the click): landing well there is `ok`, never "use this URL", which
 * would drop the commission.
 */
const AFFILIATE_REDIRECTORS = [
  "anrdoezrs.net",
  "avantlink.com",
  "awin1.com",
  "click.linksynergy.com",
  "dpbolvw.net",
  "ebay.us",
  "emjcd.com",
  "go.redirectingat.com",
  "go.skimresources.com",
  "gopjn.com",
  "howl.me",
  "jdoqocy.com",
  "kqzyfj.com",
  "linksynergy.com",
  "pjatr.com",
  "pjtra.com",
  "pntra.com",
  "prf.hn",
  "pxf.io",
  "rover.ebay.com",
  "rstyle.me",
  "shareasale.com",
  "sjv.io",
  "tidd.ly",
  "tkqlhce.com",
];

export function isAffiliateRedirector(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return AFFILIATE_REDIRECTORS.some((known) => host === known || host.endsWith(`.${known}`));
}

function parsedOrNull(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** A product page that now sends visitors to the shop's front page: the product is gone, whatever the status. */
function landsOnFrontPage(start: URL, final: URL): boolean {
  const deep = start.pathname.replace(/\/+$/, "") !== "";
  const front = final.pathname.replace(/\/+$/, "") === "" && final.search === "";
  return deep && front;
}

/**
 * The verdict on the answer a link ended with: `hops` are the redirects followed on the way
 * (their URL and status, in order), `final` the answer that was not a redirect.
 */
export function classifyHttpAnswer(
  url: string,
  hops: readonly { url: string; status: number }[],
  final: { url: string; status: number },
): LinkVerdict {
  const moved = hops.length > 0 && final.url !== url;
  if (final.status >= 400) {
    return {
      state: "broken",
      httpStatus: final.status,
      finalUrl: moved ? final.url : null,
      detail: moved ? "Through a redirect to another address" : null,
    };
  }
  if (final.status < 200 || final.status >= 300) {
    // a 1xx or a 3xx without a Location: nothing a browser could show
    return { state: "broken", httpStatus: final.status, finalUrl: moved ? final.url : null, detail: null };
  }
  if (!moved) return { state: "ok", httpStatus: final.status, finalUrl: null, detail: null };
  const start = parsedOrNull(url);
  const end = parsedOrNull(final.url);
  const first = hops[0]?.status ?? final.status;
  if (start && end && landsOnFrontPage(start, end)) {
    return {
      state: "unavailable",
      httpStatus: first,
      finalUrl: final.url,
      detail: "The shop sends this link to its front page: the product is gone",
    };
  }
  if (start && isAffiliateRedirector(start.hostname)) {
    return { state: "ok", httpStatus: final.status, finalUrl: final.url, detail: null };
  }
  return { state: "redirected", httpStatus: first, finalUrl: final.url, detail: null };
}

/**
 * A link that redirects to Amazon: its pages are never fetched, so the redirect is where the
 * check stops. Saved as the product's link ("Use this URL"), Amazon's API checks it from then on;
 * an affiliate network's link that lands there is working as meant.
 */
export function classifyRedirectToAmazon(
  url: string,
  hops: readonly { url: string; status: number }[],
  amazonUrl: string,
): LinkVerdict {
  const start = parsedOrNull(url);
  if (start && isAffiliateRedirector(start.hostname)) {
    return { state: "ok", httpStatus: null, finalUrl: amazonUrl, detail: null };
  }
  return {
    state: "redirected",
    httpStatus: hops[0]?.status ?? null,
    finalUrl: amazonUrl,
    detail: "Ends at Amazon, whose pages are not fetched: as the product's link, Amazon's API checks it",
  };
}

/** Why a request got no answer, as the check tells it apart. */
export type LinkFailure =
  | { kind: "timeout"; afterMs: number }
  | { kind: "refused" }
  | { kind: "dns" }
  | { kind: "network"; code: string }
  | { kind: "blocked" }
  | { kind: "redirect-loop"; redirects: number }
  | { kind: "invalid-url" };

function seconds(ms: number): string {
  const s = ms / 1000;
  return Number.isInteger(s) ? `${s} s` : `${s.toFixed(1)} s`;
}

/** The verdict when no answer came: unreachable (distinct from broken), or broken for a link that is no address. */
export function classifyFailure(failure: LinkFailure): LinkVerdict {
  const unreachable = (detail: string): LinkVerdict => ({
    state: "unreachable",
    httpStatus: null,
    finalUrl: null,
    detail,
  });
  switch (failure.kind) {
    case "timeout":
      return unreachable(`No answer within ${seconds(failure.afterMs)}`);
    case "refused":
      return unreachable("The server refused the connection");
    case "dns":
      return unreachable("The host name does not resolve");
    case "network":
      return unreachable(`The connection failed (${failure.code})`);
    case "blocked":
      return unreachable("The link leads to a private network address, which the site never requests");
    case "redirect-loop":
      return unreachable(`More than ${MAX_LINK_REDIRECTS} redirects (a redirect loop)`);
    case "invalid-url":
      return { state: "broken", httpStatus: null, finalUrl: null, detail: "Not a web address" };
  }
}

// ---- Amazon's answer -------------------------------------------------------------------------

/** The verdict on what the Creators API said about the link's ASIN: gone (with Amazon's code), or its availability. */
export function classifyAmazonAnswer(answer: { gone: string } | { availability: RetailerAvailability }): LinkVerdict {
  if ("gone" in answer) {
    return {
      state: "unavailable",
      httpStatus: null,
      finalUrl: null,
      detail: `Amazon no longer offers this item (${answer.gone})`,
    };
  }
  if (answer.availability === "out_of_stock") {
    return {
      state: "unavailable",
      httpStatus: null,
      finalUrl: null,
      detail: "Out of stock at Amazon (no offer to buy)",
    };
  }
  return { state: "ok", httpStatus: null, finalUrl: null, detail: null };
}

// ---- what the owner reads --------------------------------------------------------------------

const STATUS_NAMES: Record<number, string> = {
  301: "Moved Permanently",
  302: "Found",
  303: "See Other",
  307: "Temporary Redirect",
  308: "Permanent Redirect",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  410: "Gone",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** "404 Not Found", "418". */
export function httpStatusText(status: number): string {
  const name = STATUS_NAMES[status];
  return name ? `${status} ${name}` : String(status);
}

export const LINK_STATE_LABELS: Record<LinkState, string> = {
  ok: "Works",
  redirected: "Redirected",
  broken: "Broken",
  unreachable: "Unreachable",
  unavailable: "Unavailable",
};

/** The state in words, as the dashboard and the digest say it. */
export const LINK_STATE_EXPLAINED: Record<LinkProblemState, string> = {
  redirected: "The link works, but through a redirect to another address",
  broken: "The retailer answers with an error page",
  unreachable: "The retailer's site did not answer",
  unavailable: "The product is sold out or gone at the retailer",
};

export const LINK_HEALTH_TEXT = {
  heading: "Link health",
  subtitle: "Every retailer link, checked on a schedule",
  checkNow: "Check links now",
  checking: "Checking links...",
  allWork: "All retailer links work.",
  neverChecked: "No link check has run yet.",
  useThisUrl: "Use this URL",
  fixProduct: "Fix the product",
  checkFailed: "The link check could not run",
  amazonUnchecked: (count: number) =>
    `${count} Amazon ${count === 1 ? "link is" : "links are"} not checked: Amazon's pages are never fetched (they turn robots away), and without the Creators API credentials (AMAZON_CREATORS_CLIENT_ID and AMAZON_CREATORS_CLIENT_SECRET) there is nothing to ask.`,
  amazonWithoutAsin: (count: number) =>
    `${count} Amazon ${count === 1 ? "link names" : "links name"} no ASIN (a short link, say): add the toy's ASIN on the product form so Amazon's API can check it.`,
  urlSaved: "The product's link now points to the new address.",
} as const;

/** "Check finished: 12 checked, 9 ok, 1 redirected, 1 broken, 1 unreachable, 0 unavailable". */
export function linkCheckFinishedMessage(counts: LinkCheckCounts): string {
  return `Check finished: ${counts.checked} checked, ${counts.ok} ok, ${counts.redirected} redirected, ${counts.broken} broken, ${counts.unreachable} unreachable, ${counts.unavailable} unavailable`;
}

/** One line about a problem: "Broken: 404 Not Found", "Redirected (301 Moved Permanently)". */
export function linkProblemLine(problem: Pick<LinkProblem, "state" | "httpStatus" | "detail">): string {
  const label = LINK_STATE_LABELS[problem.state];
  const status = problem.httpStatus === null ? "" : ` (${httpStatusText(problem.httpStatus)})`;
  return problem.detail ? `${label}${status}: ${problem.detail}` : `${label}${status}`;
}

// ---- the wire --------------------------------------------------------------------------------

/** What a check run counted (`POST /api/admin/link-check` answers these). */
export const linkCheckCountsSchema = wireSchema(() =>
  z.object({
    /** links checked this run (the five below add up to it) */
    checked: z.number().int().min(0),
    ok: z.number().int().min(0),
    redirected: z.number().int().min(0),
    broken: z.number().int().min(0),
    unreachable: z.number().int().min(0),
    unavailable: z.number().int().min(0),
  }),
);
export type LinkCheckCounts = z.infer<typeof linkCheckCountsSchema>;

/** A link that is not `ok`, as `GET /api/admin/link-health` lists it. */
export const linkProblemSchema = wireSchema(() =>
  z.object({
    toyId: z.number().int().positive(),
    toyName: z.string(),
    /** the toy's link as stored (what /go sends visitors to) */
    url: z.string(),
    state: z.enum(["redirected", "broken", "unreachable", "unavailable"]),
    httpStatus: z.number().int().nullable(),
    /** where the link ends up, for a redirect (or a redirect to an error) */
    finalUrl: z.string().nullable(),
    /** the last check */
    checkedAt: z.iso.datetime(),
    /** when the link was first found in this state */
    firstSeenAt: z.iso.datetime(),
    /** why, in words */
    detail: z.string().nullable(),
  }),
);
export type LinkProblem = z.infer<typeof linkProblemSchema>;

/** The dashboard's panel: the problems, what was left unchecked, and the last run. */
export interface LinkHealth {
  /** the newest problems (the dashboard's share of them) */
  problems: LinkProblem[];
  /** all problems */
  problemCount: number;
  /** Amazon links left unchecked: no API credentials, or no ASIN to ask about */
  amazonUnchecked: { noApi: number; noAsin: number };
  /** the last finished run's end, ISO; null before the first */
  lastCheckedAt: string | null;
  running: boolean;
}
