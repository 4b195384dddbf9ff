import { desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { QuizSubmissionRow } from "#domain/csv.ts";
import type { QuizSubmissionItem, QuizSubmissionsSummary } from "#domain/insights.ts";
import type { Database } from "#server/db/client.ts";
import { quizSubmissions } from "#server/db/schema.ts";

export interface QuizSubmissionQuery {
  page: number;
  pageSize: number;
  /** part of an e-mail address, case-insensitive */
  search?: string;
}

const columns = {
  id: quizSubmissions.id,
  createdAt: quizSubmissions.createdAt,
  email: quizSubmissions.email,
  dogSize: quizSubmissions.dogSize,
  dogAge: quizSubmissions.dogAge,
  chewStyle: quizSubmissions.chewStyle,
  playStyle: quizSubmissions.playStyle,
  toyPurpose: quizSubmissions.toyPurpose,
  hasConsented: quizSubmissions.hasConsented,
};

const EXPORT_BATCH = 2_000;

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  return ilike(quizSubmissions.email, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** The quiz submissions as the owner reads them: newest first, paged, searchable, exportable. */
export function createQuizSubmissionsService(db: Database) {
  return {
    /** One page, newest first, with the number of matches. */
    async list(query: QuizSubmissionQuery): Promise<{ items: QuizSubmissionItem[]; total: number }> {
      const where = searchCondition(query.search);
      const [rows, [counted]] = await Promise.all([
        db
          .select(columns)
          .from(quizSubmissions)
          .where(where)
          .orderBy(desc(quizSubmissions.createdAt), desc(quizSubmissions.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(quizSubmissions)
          .where(where),
      ]);
      return {
        items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        total: counted?.n ?? 0,
      };
    },

    /** The number of submissions and the newest one (dashboard card). */
    async summary(): Promise<QuizSubmissionsSummary> {
      const [[counted], [latest]] = await Promise.all([
        db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(quizSubmissions),
        db
          .select({ createdAt: quizSubmissions.createdAt, email: quizSubmissions.email })
          .from(quizSubmissions)
          .orderBy(desc(quizSubmissions.createdAt), desc(quizSubmissions.id))
          .limit(1),
      ]);
      return {
        count: counted?.n ?? 0,
        latest: latest ? { createdAt: latest.createdAt.toISOString(), email: latest.email } : null,
      };
    },

    /** Deletes one submission for good (issue 19); false when there is none. */
    async remove(id: number): Promise<boolean> {
      const gone = await db
        .delete(quizSubmissions)
        .where(eq(quizSubmissions.id, id))
        .returning({ id: quizSubmissions.id });
      return gone.length > 0;
    },

    /**
     * Every submission, newest first, a batch at a time (keyset on date and id), so an export of a
     * million rows holds one batch in memory, never the whole table.
     */
    async *exportRows(): AsyncGenerator<QuizSubmissionRow[]> {
      // Same order as the list (newest first), so the file's first row is the table's first row.
      let after: { id: number } | undefined;
      for (;;) {
        const batch = await db
          .select(columns)
          .from(quizSubmissions)
          .where(
            after === undefined
              ? undefined
              : // the stored timestamp itself: a JavaScript Date would drop its microseconds and skip rows
                sql`(${quizSubmissions.createdAt}, ${quizSubmissions.id}) < ((select q.created_at from quiz_submissions q where q.id = ${after.id}), ${after.id})`,
          )
          .orderBy(desc(quizSubmissions.createdAt), desc(quizSubmissions.id))
          .limit(EXPORT_BATCH);
        if (batch.length === 0) return;
        yield batch;
        const last = batch[batch.length - 1];
        if (!last || batch.length < EXPORT_BATCH) return;
        after = { id: last.id };
      }
    },
  };
}

export type QuizSubmissionsService = ReturnType<typeof createQuizSubmissionsService>;
