import { z } from "zod";
import { waitText } from "./forms";
import { wireSchema } from "./wire-schema";

// Site search (issue 28): what a query is, which known words each of its words stands for, and
// how a result's snippet shows the words it matched. The database finds and ranks by those words
// (server/services/search.service.ts, decision 062); this file is pure.

/** Longer queries are cut here, not refused: a pasted sentence still searches. */
export const MAX_QUERY_LENGTH = 100;
export const SEARCH_PAGE_SIZE = 10;
/** pages past this are refused: nobody reads page 500 of a search, and OFFSET costs */
export const MAX_SEARCH_PAGE = 100;
/** characters of text a snippet shows around its first match */
export const SNIPPET_LENGTH = 180;
/** terms the dashboard's Searches panel lists */
export const SEARCH_TOP_TERMS = 10;

export const SEARCH_RESULT_TYPES = ["post", "toy", "breed"] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

/** A piece of a snippet: plain text, or a matched word to highlight. Rendered as text, never as HTML. */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

export interface SearchHit {
  type: SearchResultType;
  title: string;
  url: string;
  /** "Review", "Toy", "Breed"…: what the result is, as the page names it */
  label: string;
  /** the title with the words it matched */
  titleParts: SnippetPart[];
  parts: SnippetPart[];
}

export interface SearchPage {
  query: string;
  total: number;
  page: number;
  pageSize: number;
  results: SearchHit[];
  /** for no results: known words close to the query ("did you mean") */
  suggestions: string[];
}

/** The API's answer: each snippet as HTML with <mark>, built by `snippetHtml` from escaped text. */
export const searchAnswerSchema = wireSchema(() =>
  z.object({
    query: z.string().describe("the query as searched: trimmed, white space made single, cut to 100 characters"),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    results: z.array(
      z.object({
        type: z.enum(SEARCH_RESULT_TYPES),
        title: z.string(),
        url: z.string().describe("the result's page on this site"),
        label: z.string().describe('what the result is: "Review", "Guide", "Comparison", "Toy" or "Breed"'),
        snippet: z.string().describe("escaped text around the match, the matched words in <mark>"),
      }),
    ),
    suggestions: z.array(z.string()).describe("when nothing was found: breed and category names close to the query"),
  }),
);
export type SearchApiAnswer = z.infer<typeof searchAnswerSchema>;
export type SearchApiResult = SearchApiAnswer["results"][number];

/** The 429 sentence of the search's per-client limit (the API's message and the page's notice). */
export function tooManySearchesText(retryAfterSeconds: number): string {
  return `Too many searches from your network. Please wait ${waitText(retryAfterSeconds)} and try again.`;
}

/** The dashboard's Searches panel. */
export interface SearchTermCount {
  term: string;
  searches: number;
}
export interface SearchStats {
  top: SearchTermCount[];
  noResults: SearchTermCount[];
}

/**
 * The query as searched and as counted: Unicode-normalised, control characters and runs of
 * white space made one space, trimmed, cut to MAX_QUERY_LENGTH. Case is kept for the page's
 * "Results for …"; `countedTerm` lowers it.
 */
export function normaliseQuery(raw: unknown): string {
  if (typeof raw !== "string") return "";
  return (
    raw
      .normalize("NFKC")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
      .replace(/[\u0000-\u001F\u007F\s]+/g, " ")
      .trim()
      .slice(0, MAX_QUERY_LENGTH)
      .trim()
  );
}

/** What the counts keep of a query: the words alone, lower case (no person is in a term). */
export function countedTerm(query: string): string {
  return normaliseQuery(query).toLocaleLowerCase("en");
}

/** `?page=`: a whole number from 1 to MAX_SEARCH_PAGE; anything else is page 1. */
export function searchPageNumber(raw: unknown): number {
  if (typeof raw !== "string" || !/^\d{1,4}$/.test(raw)) return 1;
  return Math.min(Math.max(Number(raw), 1), MAX_SEARCH_PAGE);
}

/** The API's parameters: the same rules, said as a 400 for a page out of bounds. */
export const searchQuerySchema = wireSchema(() =>
  z.object({
    q: z
      .string()
      .optional()
      .transform((q) => normaliseQuery(q ?? "")),
    page: z.coerce
      .number("page must be a whole number from 1")
      .int("page must be a whole number from 1")
      .min(1, "page must be a whole number from 1")
      .max(MAX_SEARCH_PAGE, `page must be at most ${MAX_SEARCH_PAGE}`)
      .default(1),
    count: z.enum(["0", "1"], "count must be 0 or 1").optional().describe("1: a visitor's final query, counted"),
  }),
);

/** The query's words, lower case, for highlighting (one-letter words match everything: left out). */
export function queryWords(query: string): string[] {
  const words = query
    .toLocaleLowerCase("en")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2);
  return [...new Set(words)];
}

/** pg_trgm's trigrams of one word: lower case, padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) out.add(padded.slice(i, i + 3));
  return out;
}

/** pg_trgm's similarity of two words: shared trigrams over all trigrams of both. */
export function wordSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared += 1;
  return shared / (ta.size + tb.size - shared);
}

/** the similarity from which a text's word counts as a typo of a query word… */
const TYPO_SIMILARITY = 0.45;
/** …when their lengths differ by this much at most ("wobblewhisk" is no typo of "wobble") */
const TYPO_LENGTH = 2;
/** two words that start alike for this many letters or more… */
const STEM_LENGTH = 4;
/** …and then have at most this many letters more, the shorter one… */
const SHORT_ENDING = 2;
/** …and the longer one, are forms of one stem ("puppy", "puppies"; "knot", "knotted") */
const LONG_ENDING = 4;

/** How many letters two words start with in common. */
function commonStart(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
}

/**
 * Whether a word of the text is one the query asked for: the same, a longer form of it ("rop":
 * "rope", as the visitor types), a shorter one by an ending ("toys": "toy"), the same stem with
 * another ending ("puppy": "puppies"; "chewy": "chewing"), or a typo of it ("squeky": "squeaky").
 * Not a word the query merely starts with ("nothingmatches" is no "nothing").
 */
export function wordMatches(word: string, queryWord: string): boolean {
  const w = word.toLocaleLowerCase("en");
  if (w === queryWord) return true;
  if (queryWord.length >= 3 && w.startsWith(queryWord)) return true;
  if (w.length >= 3 && queryWord.startsWith(w) && queryWord.length - w.length <= SHORT_ENDING) return true;
  const common = commonStart(w, queryWord);
  const [shorter, longer] = w.length <= queryWord.length ? [w, queryWord] : [queryWord, w];
  if (common >= STEM_LENGTH && shorter.length - common <= SHORT_ENDING && longer.length - common <= LONG_ENDING) {
    return true;
  }
  return isTypo(w, queryWord);
}

/** A typo changes a letter or two: the length by at most two, most of the trigrams kept. */
function isTypo(word: string, queryWord: string): boolean {
  return (
    queryWord.length >= 3 &&
    word.length >= 3 &&
    Math.abs(word.length - queryWord.length) <= TYPO_LENGTH &&
    wordSimilarity(word, queryWord) >= TYPO_SIMILARITY
  );
}

/** A known word that a query word stands for, and how close the two are (1: the same word). */
export interface WordForm {
  word: string;
  closeness: number;
}

/** forms one query word stands for at most, the closest: "chew" starts dozens of words */
export const MAX_WORD_FORMS = 40;

/**
 * The words a site's texts have (lower case), indexed to find a query word's forms, the known
 * words that `wordMatches` it, without comparing it with every one: by their first three
 * letters (longer and shorter forms and stems share them) and by their trigrams (typos).
 */
export function createKnownWords() {
  const words = new Set<string>();
  const byStart = new Map<string, string[]>();
  const byTrigram = new Map<string, string[]>();
  const trigramCounts = new Map<string, number>();
  const push = (map: Map<string, string[]>, key: string, word: string) => {
    const list = map.get(key);
    if (list) list.push(word);
    else map.set(key, [word]);
  };

  return {
    get size() {
      return words.size;
    },

    /** Adds words (lower case); a word already known is left as it is. */
    add(word: string) {
      if (words.has(word)) return;
      words.add(word);
      if (word.length < 3) return;
      push(byStart, word.slice(0, 3), word);
      const grams = trigrams(word);
      trigramCounts.set(word, grams.size);
      for (const gram of grams) push(byTrigram, gram, word);
    },

    /** The known words a (lower-case) query word stands for, the closest first, at most `limit`. */
    formsOf(queryWord: string, limit = MAX_WORD_FORMS): WordForm[] {
      const found = new Set<string>();
      if (words.has(queryWord)) found.add(queryWord);
      if (queryWord.length >= 3) {
        for (const word of byStart.get(queryWord.slice(0, 3)) ?? []) {
          if (wordMatches(word, queryWord)) found.add(word);
        }
        // a typo shares trigrams: count them per word, and keep those similar enough
        const grams = trigrams(queryWord);
        const shared = new Map<string, number>();
        for (const gram of grams) {
          for (const word of byTrigram.get(gram) ?? []) shared.set(word, (shared.get(word) ?? 0) + 1);
        }
        for (const [word, count] of shared) {
          const similarity = count / (grams.size + (trigramCounts.get(word) ?? 0) - count);
          if (similarity >= TYPO_SIMILARITY && Math.abs(word.length - queryWord.length) <= TYPO_LENGTH) found.add(word);
        }
      }
      return [...found]
        .map((word) => ({ word, closeness: word === queryWord ? 1 : wordSimilarity(word, queryWord) }))
        .sort((a, b) => b.closeness - a.closeness || a.word.length - b.word.length || (a.word < b.word ? -1 : 1))
        .slice(0, limit);
    },
  };
}
export type KnownWords = ReturnType<typeof createKnownWords>;

/** Markdown's marks and links' addresses gone, so a snippet reads as prose. */
export function plainText(source: string): string {
  return source
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\{\{[^}]*\}\}/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/[*_`~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether a word of a text is one of the query's, each distinct word measured once (an article repeats its words). */
function wordMatcher(words: readonly string[]): (word: string) => boolean {
  const seen = new Map<string, boolean>();
  return (word) => {
    let matched = seen.get(word);
    if (matched === undefined) {
      matched = words.some((q) => wordMatches(word, q));
      seen.set(word, matched);
    }
    return matched;
  };
}

const WORDS = /[\p{L}\p{N}]+/gu;

/** `text` split into plain and matched words. */
export function highlight(text: string, words: readonly string[], matches = wordMatcher(words)): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (piece: string, mark: boolean) => {
    if (piece === "") return;
    const last = parts.at(-1);
    if (last && last.mark === mark && !mark) last.text += piece;
    else parts.push({ text: piece, mark });
  };
  let at = 0;
  for (const match of text.matchAll(WORDS)) {
    const index = match.index ?? 0;
    const word = match[0];
    if (matches(word)) {
      push(text.slice(at, index), false);
      push(word, true);
      at = index + word.length;
    }
  }
  push(text.slice(at), false);
  return parts;
}

/**
 * A snippet of the first text that has a matched word: about SNIPPET_LENGTH characters around
 * the first match, cut at word boundaries, with "…" where it was cut; the first text's start
 * when none matches.
 */
export function snippet(texts: readonly string[], query: string, length = SNIPPET_LENGTH): SnippetPart[] {
  const words = queryWords(query);
  const matches = wordMatcher(words);
  const candidates = texts.map(plainText).filter((t) => t !== "");
  for (const text of candidates) {
    for (const match of text.matchAll(WORDS)) {
      if (matches(match[0])) return highlight(excerptAround(text, match.index ?? 0, length), words, matches);
    }
  }
  const text = candidates[0] ?? "";
  return highlight(excerptAround(text, 0, length), words, matches);
}

/** About `length` characters of `text` that show `offset`, starting a little before it, cut between words. */
function excerptAround(text: string, offset: number, length: number): string {
  if (text.length <= length) return text;
  let start = Math.max(0, Math.min(offset - Math.floor(length / 4), text.length - length));
  if (start > 0) {
    const space = text.indexOf(" ", start);
    start = space === -1 || space > offset ? start : space + 1;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start + length / 2) end = space;
  }
  return `${start > 0 ? "… " : ""}${text.slice(start, end).trim()}${end < text.length ? " …" : ""}`;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** The snippet as HTML: every piece of text escaped, the matched ones in <mark>. */
export function snippetHtml(parts: readonly SnippetPart[]): string {
  return parts.map((p) => (p.mark ? `<mark>${escapeHtml(p.text)}</mark>` : escapeHtml(p.text))).join("");
}

/** The API's answer to a search page. */
export function searchApiAnswer(page: SearchPage): SearchApiAnswer {
  return {
    query: page.query,
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    results: page.results.map(({ parts, titleParts: _, ...hit }) => ({ ...hit, snippet: snippetHtml(parts) })),
    suggestions: page.suggestions,
  };
}
