import { desc, gt, gte, type SQL, sql } from "drizzle-orm";
import { isoDay } from "#domain/dates.ts";
import { postPath, postTypeLabel } from "#domain/post-links.ts";
import {
  countedTerm,
  createKnownWords,
  highlight,
  type KnownWords,
  queryWords,
  SEARCH_PAGE_SIZE,
  type SearchHit,
  type SearchPage,
  type SearchResultType,
  type SearchStats,
  snippet,
} from "#domain/search.ts";
import type { Database } from "#server/db/client.ts";
import { searchCounts } from "#server/db/schema.ts";
import type { RateLimitService, RateLimitVerdict } from "./rate-limit.service";

/** A client's share of searches: at most `max` in each window of `windowMs` (SEARCH_RATE_LIMIT). */
export interface SearchRateLimit {
  max: number;
  windowMs: number;
}

/** SEARCH_RATE_LIMIT's default: 300 searches per 5 minutes */
export const DEFAULT_SEARCH_RATE_LIMIT: SearchRateLimit = { max: 300, windowMs: 5 * 60_000 };

const DAY_MS = 24 * 60 * 60_000;
/** how close a breed or category name must be to be offered as "did you mean" */
const SUGGESTION_SIMILARITY = 0.3;
const SUGGESTIONS = 3;
/** words of a query searched for: a pasted sentence's first ones */
const MAX_WORDS = 6;
/** how long a word's number missing below the highest read is looked for again */
const MISSING_WORD_WAIT_MS = 10 * 60_000;
/** of the numbers below the highest, how many are checked for one missing */
const MISSING_WORDS = 1_000;
/** what a word found only in an article's text counts for (1: the word itself in a title or summary) */
const BODY_WEIGHT = 0.5;

/** What a query searches for, as tsqueries of known words. */
interface Forms {
  /** a document with, for every query word, one of its forms */
  all: string;
  /** per query word, its forms grouped by closeness, the closest group first */
  groups: { closeness: number; query: string }[][];
  /** any form of any word */
  any: string;
  /** every form of every word, found in a text as a whole word in any case */
  pattern: RegExp;
}

interface HitRow extends Record<string, unknown> {
  kind: SearchResultType;
  total: number | string;
  title: string;
  slug: string;
  post_type: string | null;
  summary: string;
  body: string | null;
}

/**
 * The site search (issue 28, decision 062): published posts (title, excerpt, text), visible toys
 * (name, description) and breeds (name, description) that have every word of the query in one of
 * its forms: the site's own words that `wordMatches` it, so a typo ("squeky"), a word's start
 * ("rop") or another ending ("puppy") still finds it. The known words live in memory
 * (`createKnownWords`, topped up from search_words); the documents are then found by those exact
 * words in search_documents' GIN index and ranked from their stored words, so no article or
 * description is read or parsed but the page's own. A title or name that holds every word ranks
 * above any other match; within each group, the closer forms first; a word found only in an
 * article's text counts half.
 */
export function createSearchService(
  db: Database,
  { rateLimits }: { rateLimits: RateLimitService },
  options: { rateLimit?: SearchRateLimit; now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());
  const rateLimit = options.rateLimit ?? DEFAULT_SEARCH_RATE_LIMIT;
  const known = createKnownWords();
  /** the highest number of search_words read */
  let lastWordId = 0;
  /** numbers below it that were not there yet, and since when (their save may still commit) */
  const missing = new Map<number, number>();

  /**
   * The known words, topped up with those stored since the last read: search_words numbers them
   * as they arrive, so that read is one short index range (no row at all once every word is
   * known). A number below the highest that is not there yet was taken by a save that has not
   * committed (or never will): it is looked for again for a while.
   */
  async function knownWords(): Promise<KnownWords> {
    const after = lastWordId;
    const waiting = [...missing.keys()];
    const again =
      waiting.length > 0
        ? sql` or id in (${sql.join(
            waiting.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``;
    const { rows } = await db.execute<{ id: number | string; word: string }>(
      sql`select id, word from search_words where id > ${after}${again} order by id`,
    );
    const read = new Set<number>();
    let highest = after;
    for (const row of rows) {
      const id = Number(row.id);
      known.add(row.word);
      read.add(id);
      missing.delete(id);
      highest = Math.max(highest, id);
    }
    const at = now().getTime();
    for (let id = Math.max(after + 1, highest - MISSING_WORDS); id < highest; id += 1) {
      if (!read.has(id) && !missing.has(id)) missing.set(id, at);
    }
    for (const [id, since] of missing) if (at - since > MISSING_WORD_WAIT_MS) missing.delete(id);
    lastWordId = Math.max(lastWordId, highest);
    return known;
  }

  /** Each query word's forms as tsqueries; null when a word has none (nothing can match). */
  async function formsOf(q: string): Promise<Forms | null> {
    const words = await knownWords();
    const forms = searchWords(q).map((word) => words.formsOf(word));
    if (forms.some((list) => list.length === 0)) return null;
    const groups = forms.map((list) => {
      const byCloseness = new Map<number, string[]>();
      for (const form of list) byCloseness.set(form.closeness, [...(byCloseness.get(form.closeness) ?? []), form.word]);
      return [...byCloseness].map(([closeness, group]) => ({ closeness, query: anyOf(group) }));
    });
    const every = new Set(forms.flat().map((form) => form.word));
    return {
      all: forms.map((list) => `(${anyOf(list.map((form) => form.word))})`).join(" & "),
      groups,
      any: anyOf([...every]),
      pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${[...every].map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`, "iu"),
    };
  }

  /** The documents a search may show: those with every word, a post once its time has come. */
  function matching(forms: Forms, at: Date): SQL {
    return sql`d.words @@ ${forms.all}::tsquery
      and (d.published_at is null or d.published_at <= ${at})`;
  }

  async function find(query: string, page: number, pageSize: number): Promise<{ total: number; hits: SearchHit[] }> {
    const at = now();
    const forms = await formsOf(query);
    if (!forms) return { total: 0, hits: [] };
    // a query word's closeness in one part of a document: that of its closest form there (0: none)
    const closeness = (column: SQL, groups: Forms["groups"][number]) =>
      sql`case ${sql.join(
        groups.map((g) => sql`when ${column} @@ ${g.query}::tsquery then ${g.closeness}::real`),
        sql` `,
      )} else 0::real end`;
    const inTitle = forms.groups.map((groups) => closeness(sql`d.title`, groups));
    // a word of a matching document that is in neither its title nor its summary is in a post's text
    const anywhere = forms.groups.map(
      (groups, i) =>
        sql`coalesce(nullif(greatest(${inTitle[i]}, ${closeness(sql`d.summary`, groups)}), 0), ${BODY_WEIGHT}::real)`,
    );
    const score = sql`case when d.title @@ ${forms.all}::tsquery
      then 1 + least(${sql.join(inTitle, sql`, `)})
      else (${sql.join(anywhere, sql` + `)}) / ${forms.groups.length}::real end`;
    const { rows } = await db.execute<HitRow>(sql`
      with ranked as (
        select d.kind, d.item_id, d.summary, count(*) over () as total, ${score} as score
          from search_documents d
         where ${matching(forms, at)}
         order by score desc, d.kind, d.item_id
         limit ${pageSize} offset ${(page - 1) * pageSize}
      )
      -- the page's rows, each by its key (a lateral union: never a join that reads every post)
      select r.kind, r.total, item.title, item.slug, item.post_type, item.summary, item.body
        from ranked r
        cross join lateral (
          select p.title, p.slug, p.post_type, p.excerpt as summary,
                 -- the snippet comes from an article's text only when its excerpt has none of the words
                 case when not r.summary @@ ${forms.any}::tsquery then p.content end as body
            from posts p where r.kind = 'post' and p.id = r.item_id
          union all
          select t.name, t.slug, null, t.description, null from toys t where r.kind = 'toy' and t.id = r.item_id
          union all
          select b.name, b.slug, null, b.description, null from breeds b where r.kind = 'breed' and b.id = r.item_id
        ) item
       order by r.score desc, r.kind, r.item_id`);
    // past the last page the window has no row to say the total: one count then
    const total = rows[0] ? Number(rows[0].total) : page > 1 ? await countOnly(forms, at) : 0;
    const words = queryWords(query);
    return {
      total,
      hits: rows.map((row) => ({
        type: row.kind,
        title: row.title,
        url: hitUrl(row),
        label: row.kind === "post" ? postTypeLabel(row.post_type ?? "review") : row.kind === "toy" ? "Toy" : "Breed",
        titleParts: highlight(row.title, words),
        // an article's text only when one of the words is in it: otherwise the snippet would
        // read all of it to find none
        parts: snippet(
          row.body !== null && forms.pattern.test(row.body) ? [row.summary, row.body] : [row.summary],
          query,
        ),
      })),
    };
  }

  async function countOnly(forms: Forms, at: Date): Promise<number> {
    const { rows } = await db.execute<{ total: number | string }>(
      sql`select count(*) as total from search_documents d where ${matching(forms, at)}`,
    );
    return Number(rows[0]?.total ?? 0);
  }

  /** Breed and category names close to the query: what a visitor may have meant. */
  async function suggestions(q: string): Promise<string[]> {
    const { rows } = await db.execute<{ name: string }>(sql`
      select name from (
        select name, word_similarity(${q}, name) as score from breeds
        union all
        select name, word_similarity(${q}, name) from categories
      ) names
       where score >= ${SUGGESTION_SIMILARITY}
       order by score desc, name
       limit ${SUGGESTIONS}`);
    return rows.map((row) => row.name);
  }

  async function count(term: string, found: boolean): Promise<void> {
    if (term === "") return;
    await db
      .insert(searchCounts)
      .values({ day: isoDay(now()), term, searches: 1, noResults: found ? 0 : 1 })
      .onConflictDoUpdate({
        target: [searchCounts.day, searchCounts.term],
        set: {
          searches: sql`${searchCounts.searches} + 1`,
          noResults: sql`${searchCounts.noResults} + ${found ? 0 : 1}`,
        },
      });
  }

  return {
    /**
     * Counts one search against the client's share (IPv4 address or IPv6 /64): /api/search and
     * the /search page draw on the same one, since each is a real query, unlike cached reads.
     */
    admit(client: string): Promise<RateLimitVerdict> {
      return rateLimits.hit(`search:${client}`, rateLimit.max, rateLimit.windowMs);
    },

    /**
     * One page of results for a normalised query (domain/search.ts normaliseQuery); none for an
     * empty one. `count`: a visitor's search, added to the day's counts (the term only).
     */
    async search(input: { query: string; page: number; count?: boolean }): Promise<SearchPage> {
      const { query, page } = input;
      const empty = { query, total: 0, page, pageSize: SEARCH_PAGE_SIZE, results: [], suggestions: [] };
      if (query === "") return empty;
      const { total, hits } = await find(query, page, SEARCH_PAGE_SIZE);
      if (input.count) await count(countedTerm(query), total > 0);
      return { ...empty, total, results: hits, suggestions: total === 0 ? await suggestions(query) : [] };
    },

    /** The dashboard's Searches panel: the most searched terms of the last `days` days, and those that found nothing. */
    async stats(days: number, limit: number): Promise<SearchStats> {
      const since = isoDay(new Date(now().getTime() - (days - 1) * DAY_MS));
      const searches = sql<number>`sum(${searchCounts.searches})`.mapWith(Number);
      const noResults = sql<number>`sum(${searchCounts.noResults})`.mapWith(Number);
      const [top, none] = await Promise.all([
        db
          .select({ term: searchCounts.term, searches })
          .from(searchCounts)
          .where(gte(searchCounts.day, since))
          .groupBy(searchCounts.term)
          .orderBy(desc(searches), searchCounts.term)
          .limit(limit),
        db
          .select({ term: searchCounts.term, searches: noResults })
          .from(searchCounts)
          .where(gte(searchCounts.day, since))
          .groupBy(searchCounts.term)
          .having(gt(noResults, 0))
          .orderBy(desc(noResults), searchCounts.term)
          .limit(limit),
      ]);
      return { top, noResults: none };
    },
  };
}

/** The words searched for, each on its own (at most MAX_WORDS); the query itself when it has none ("x"). */
function searchWords(q: string): string[] {
  const words = queryWords(q).slice(0, MAX_WORDS);
  return words.length > 0 ? words : [q.toLocaleLowerCase("en")];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Words as a tsquery that any one of them satisfies, each quoted as a lexeme. */
function anyOf(words: readonly string[]): string {
  return words.map((word) => `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`).join(" | ");
}

function hitUrl(row: HitRow): string {
  if (row.kind === "post") return postPath({ postType: row.post_type ?? "review", slug: row.slug });
  return row.kind === "toy" ? `/toys/${row.slug}` : `/breeds/${row.slug}`;
}

export type SearchService = ReturnType<typeof createSearchService>;
