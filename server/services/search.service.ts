import { desc, gt, gte, type SQL, sql } from "drizzle-orm";
import { isoDay } from "#domain/dates.ts";
import { postPath, postTypeLabel } from "#domain/posts.ts";
import {
  countedTerm,
  highlight,
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

const DAY_MS = 24 * 60 * 60_000;
/** a title at least this close to the query (pg_trgm's word similarity) ranks above every body match */
const TITLE_MATCH = 0.6;
/** what a post's text that has every word scores (its words are not measured one by one) */
const TEXT_MATCH = 0.5;
/** how close a breed or category name must be to be offered as "did you mean" */
const SUGGESTION_SIMILARITY = 0.3;
const SUGGESTIONS = 3;
/** words of a query searched for: a pasted sentence's first ones */
const MAX_WORDS = 6;

interface HitRow extends Record<string, unknown> {
  type: SearchResultType;
  title: string;
  slug: string;
  post_type: string | null;
  summary: string;
  body: string | null;
  total: number | string;
}

/**
 * The site search (issue 28): published posts (title, excerpt, text), visible toys (name,
 * description) and breeds (name, description) that have every word of the query, each found by
 * pg_trgm's word similarity, so a typo or a word's start still finds it; a post's text by
 * full-text search (postTextMatches). `column %> query` is the indexed form (the trigram GIN indexes
 * of migrations 0008 and 0025), at pg_trgm's default word_similarity_threshold (0.6).
 * A title or name match ranks above a body match; within each, the closer match first.
 */
export function createSearchService(db: Database, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());

  /**
   * Runs a search with sequential scans discouraged: the planner guesses a trigram or text match
   * keeps a third of the rows and reads every toy and post, computing word similarities and text
   * vectors row by row (100-250 ms each in PGlite on the large data set); the indexes answer
   * in a few.
   */
  function indexed<T>(run: (tx: Pick<Database, "execute">) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return run(tx);
    });
  }

  async function find(query: string, page: number, pageSize: number): Promise<{ total: number; hits: SearchHit[] }> {
    const at = now();
    const q = query;
    const words = searchWords(q);
    // every word must be found (each through the trigram indexes); a title or name that has
    // them all ranks first, then the closest body
    const every = (columns: SQL[]) =>
      sql.join(
        words.map(
          (w) =>
            sql`(${sql.join(
              columns.map((c) => sql`${c} %> ${w}`),
              sql` or `,
            )})`,
        ),
        sql` and `,
      );
    const least = (column: SQL) =>
      sql`least(${sql.join(
        words.map((w) => sql`word_similarity(${w}, ${column})`),
        sql`, `,
      )})`;
    const mean = (columns: SQL[]) =>
      sql`(${sql.join(
        words.map(
          (w) =>
            sql`greatest(${sql.join(
              columns.map((c) => sql`word_similarity(${w}, ${c})`),
              sql`, `,
            )})`,
        ),
        sql` + `,
      )}) / ${words.length}`;
    const inText = postTextMatches(q);
    const [pt, pe, tn, td, bn, bd] = [
      sql`p.title`,
      sql`p.excerpt`,
      sql`t.name`,
      sql`t.description`,
      sql`b.name`,
      sql`b.description`,
    ];
    const { rows } = await indexed((tx) =>
      tx.execute<HitRow>(sql`
      with hits as (
        select 'post' as type, p.id, ${least(pt)} as title_score,
               greatest(${mean([pe])}, case when ${inText} then ${TEXT_MATCH}::real else 0 end) as body_score
          from posts p
         where p.status = 'published' and p.published_at <= ${at} and p.deleted_at is null
           and (${every([pt, pe])} or ${inText})
        union all
        select 'toy', t.id, ${least(tn)}, ${mean([td])}
          from toys t
         where t.deleted_at is null and t.status = 'published' and ${every([tn, td])}
        union all
        select 'breed', b.id, ${least(bn)}, ${mean([bd])}
          from breeds b
         where ${every([bn, bd])}
      ),
      ranked as (
        select type, id, count(*) over () as total,
               case when title_score >= ${TITLE_MATCH} then 1 + title_score else body_score end as score
          from hits
         order by score desc, type, id
         limit ${pageSize} offset ${(page - 1) * pageSize}
      )
      select r.type, r.total, r.score,
             coalesce(p.title, t.name, b.name) as title,
             coalesce(p.slug, t.slug, b.slug) as slug,
             p.post_type,
             coalesce(p.excerpt, t.description, b.description) as summary,
             p.content as body
        from ranked r
        left join posts p on r.type = 'post' and p.id = r.id
        left join toys t on r.type = 'toy' and t.id = r.id
        left join breeds b on r.type = 'breed' and b.id = r.id
       order by r.score desc, r.type, r.id`),
    );
    // past the last page the window has no row to say the total: one count then
    const total = rows[0] ? Number(rows[0].total) : page > 1 ? await countOnly(q, at) : 0;
    return {
      total,
      hits: rows.map((row) => ({
        type: row.type,
        title: row.title,
        url: hitUrl(row),
        label: row.type === "post" ? postTypeLabel(row.post_type ?? "review") : row.type === "toy" ? "Toy" : "Breed",
        titleParts: highlight(row.title, queryWords(q)),
        parts: snippet(row.body === null ? [row.summary] : [row.summary, row.body], q),
      })),
    };
  }

  async function countOnly(q: string, at: Date): Promise<number> {
    const words = searchWords(q);
    const every = (columns: string[]) =>
      sql.join(
        words.map(
          (w) =>
            sql`(${sql.join(
              columns.map((c) => sql`${sql.raw(c)} %> ${w}`),
              sql` or `,
            )})`,
        ),
        sql` and `,
      );
    const { rows } = await indexed((tx) =>
      tx.execute<{ total: number | string }>(sql`
      select (select count(*) from posts p
               where p.status = 'published' and p.published_at <= ${at} and p.deleted_at is null
                 and (${every(["p.title", "p.excerpt"])} or ${postTextMatches(q)}))
           + (select count(*) from toys t
               where t.deleted_at is null and t.status = 'published' and ${every(["t.name", "t.description"])})
           + (select count(*) from breeds b where ${every(["b.name", "b.description"])}) as total`),
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

/**
 * A post's text has the query's words (English stems, stop words left out), through the
 * full-text index: no typo tolerance in articles' bodies, where the trigram recheck of every
 * candidate article was what made a search slow.
 */
function postTextMatches(q: string): SQL {
  return sql`to_tsvector('english', p.content) @@ plainto_tsquery('english', ${q})`;
}

/** The words searched for, each on its own (at most MAX_WORDS); the query itself when it has none. */
function searchWords(q: string): string[] {
  const words = queryWords(q).slice(0, MAX_WORDS);
  return words.length > 0 ? words : [q];
}

function hitUrl(row: HitRow): string {
  if (row.type === "post") return postPath({ postType: row.post_type ?? "review", slug: row.slug });
  return row.type === "toy" ? `/toys/${row.slug}` : `/breeds/${row.slug}`;
}

export type SearchService = ReturnType<typeof createSearchService>;
