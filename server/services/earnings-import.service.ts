import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { desc, eq, sql } from "drizzle-orm";
import {
  EARNINGS_IMPORTS_LISTED,
  type EarningsImport,
  type EarningsImportError,
  type EarningsImportReport,
  type EarningsImportSummary,
  MAX_KEPT_IMPORT_ERRORS,
} from "#domain/earnings-import.ts";
import { createEarningsReportReader, type EarningsLine, type EarningsRead } from "#domain/earnings-report.ts";
import { cleanFileName } from "#domain/media.ts";
import type { Database } from "#server/db/client.ts";
import { earningsImports, earningsRows } from "#server/db/schema.ts";

/** Lines written per statement: few round trips, and a progress step the admin sees move. */
const BATCH_LINES = 1_000;

export type EarningsImportOutcome =
  | { ok: true; report: EarningsImportReport }
  /** the file is no report the site can read: nothing was stored */
  | { ok: false; refusal: "no-header"; message: string };

/** A line's normalised content as stored: SHA-256, base64url (43 characters whatever the line). */
function digest(content: string): string {
  return createHash("sha256").update(content).digest("base64url");
}

/** The text decoder for a file's first bytes: UTF-16 where its byte order mark says so (Excel's "Unicode text"), else UTF-8. */
function decoderFor(first: Buffer): TextDecoder {
  if (first[0] === 0xff && first[1] === 0xfe) return new TextDecoder("utf-16le");
  if (first[0] === 0xfe && first[1] === 0xff) return new TextDecoder("utf-16be");
  // the UTF-8 byte order mark is dropped by the decoder
  return new TextDecoder("utf-8");
}

/** Thrown on from the file stream: the upload broke off or was refused before its end. */
class UploadBrokeOff extends Error {
  constructor(readonly reason: unknown) {
    super("the upload broke off");
  }
}

const summaryColumns = {
  id: earningsImports.id,
  fileName: earningsImports.fileName,
  format: earningsImports.format,
  status: earningsImports.status,
  startedAt: earningsImports.startedAt,
  finishedAt: earningsImports.finishedAt,
  linesRead: earningsImports.linesRead,
  imported: earningsImports.imported,
  duplicates: earningsImports.duplicates,
  unmatched: earningsImports.unmatched,
  errorCount: earningsImports.errorCount,
};

type SummaryRow = { startedAt: Date; finishedAt: Date | null } & Omit<
  EarningsImportSummary,
  "startedAt" | "finishedAt"
>;

function summaryOf(row: SummaryRow): EarningsImportSummary {
  return { ...row, startedAt: row.startedAt.toISOString(), finishedAt: row.finishedAt?.toISOString() ?? null };
}

/**
 * The retailers' reports imported line by line (issue 28, decision 064): the upload is read as
 * it arrives, its lines written in batches that skip the lines already stored (by fingerprint),
 * and the import's row carries the progress the admin polls.
 */
/** A file in memory is read in pieces, as an upload arrives: its lines go to the database a batch at a time, never all parsed at once. */
const BLOB_PIECE_BYTES = 64 * 1024;

async function* blobPieces(blob: Blob): AsyncGenerator<Buffer> {
  for (let start = 0; start < blob.size; start += BLOB_PIECE_BYTES) {
    yield Buffer.from(await blob.slice(start, start + BLOB_PIECE_BYTES).arrayBuffer());
  }
}

export function createEarningsImportService(db: Database, options: { maxFileBytes: number; now?: () => Date }) {
  const now = options.now ?? (() => new Date());

  /**
   * One batch in one statement: the lines not stored yet are added, the batch's lines that match
   * no toy (by ASIN or retailer item id; a toy in the trash still matches) are counted, and the
   * import's progress moves on. Answers how many were added and how many match nothing.
   */
  async function writeBatch(
    importId: number,
    lines: readonly EarningsLine[],
    progress: { linesRead: number; errorCount: number; errors: readonly EarningsImportError[] },
  ): Promise<{ imported: number; unmatched: number }> {
    const batch = JSON.stringify(
      lines.map((line) => ({
        fingerprint: line.fingerprint,
        kind: line.kind,
        day: line.day,
        item_id: line.itemId,
        item_name: line.itemName,
        tracking_id: line.trackingId,
        device: line.device,
        items: line.items,
        returns: line.returns,
        revenue_cents: line.revenueCents,
        earnings_cents: line.earningsCents,
        currency: line.currency,
      })),
    );
    const { rows } = await db.execute<{ imported: number; unmatched: number }>(sql`
      with batch as (
        select * from jsonb_to_recordset(${batch}::jsonb) as b(
          fingerprint text, kind text, day date, item_id text, item_name text, tracking_id text, device text,
          items integer, returns integer, revenue_cents integer, earnings_cents integer, currency text)
      ),
      inserted as (
        insert into earnings_rows (fingerprint, kind, day, item_id, item_name, tracking_id, device, items, returns,
          revenue_cents, earnings_cents, currency, import_id)
        select fingerprint, kind, day, item_id, item_name, tracking_id, device, items, returns,
          revenue_cents, earnings_cents, currency, ${importId}
        from batch
        -- one order for every import: two imports of overlapping files wait for each other's
        -- lines in the same order, and never deadlock
        order by fingerprint
        on conflict (fingerprint) do nothing
        returning 1
      ),
      counted as (
        select
          (select count(*) from inserted)::int as added,
          (select count(*) from batch b
            where not exists (select 1 from toys t where upper(btrim(t.amazon_asin)) = upper(b.item_id))
              and not exists (select 1 from toys t where btrim(t.retailer_item_id) = b.item_id))::int as no_toy
      )
      update earnings_imports set
        lines_read = ${progress.linesRead},
        imported = earnings_imports.imported + counted.added,
        duplicates = earnings_imports.duplicates + ${lines.length} - counted.added,
        unmatched = earnings_imports.unmatched + counted.no_toy,
        error_count = ${progress.errorCount},
        errors = ${JSON.stringify(progress.errors)}::jsonb
      from counted
      where earnings_imports.id = ${importId}
      returning counted.added as imported, counted.no_toy as unmatched`);
    const [counted] = rows;
    return { imported: Number(counted?.imported ?? 0), unmatched: Number(counted?.unmatched ?? 0) };
  }

  return {
    /** EARNINGS_IMPORT_MAX_BYTES: the largest report an upload may carry */
    maxFileBytes: options.maxFileBytes,

    /**
     * Reads a report from `file` as it arrives and stores its lines; a line already stored (the
     * same file again, an overlapping report) is counted as a duplicate, not added. A file with
     * no header row is refused and nothing is stored. A stream that fails (the upload refused or
     * broken off before its end) leaves nothing either: the lines written from it are removed,
     * and the stream's error is thrown on.
     */
    async importReport(
      upload: Readable | Blob,
      { fileName }: { fileName: string | null },
    ): Promise<EarningsImportOutcome> {
      // a page's form hands over the File it read; the API, the request's own stream
      const file = upload instanceof Readable ? upload : Readable.from(blobPieces(upload));
      const reader = createEarningsReportReader({ digest });
      let decoder: TextDecoder | null = null;
      let head: Buffer | null = null;
      let importId: number | null = null;
      let pending: EarningsLine[] = [];
      /** lines read when the progress was last written */
      let progressAt = 0;
      let errorCount = 0;
      const errors: EarningsImportError[] = [];
      const totals = { imported: 0, duplicates: 0, unmatched: 0 };

      /** writes up to BATCH_LINES of the pending lines, and the progress */
      const flush = async () => {
        if (importId === null) return;
        const lines = pending.length > BATCH_LINES ? pending.slice(0, BATCH_LINES) : pending;
        pending = pending.length > BATCH_LINES ? pending.slice(BATCH_LINES) : [];
        progressAt = reader.linesRead;
        const counted = await writeBatch(importId, lines, { linesRead: progressAt, errorCount, errors });
        totals.imported += counted.imported;
        totals.duplicates += lines.length - counted.imported;
        totals.unmatched += counted.unmatched;
        // Let the rest of the site in between batches: with the embedded database every query
        // resolves without leaving the microtask queue, and a file already in memory (a page's
        // form) never waits on I/O, so a 100,000-line import would hold the event loop for
        // seconds: visitors' requests shed as overload, and its own progress never asked for.
        await new Promise<void>((resolve) => setImmediate(resolve));
      };
      const take = async (read: EarningsRead) => {
        errorCount += read.errors.length;
        errors.push(...read.errors.slice(0, MAX_KEPT_IMPORT_ERRORS - errors.length));
        for (const line of read.lines) pending.push(line);
        if (importId === null && reader.format !== null) {
          // the row appears once the header row says what the file is: a file that is no report leaves none
          const [created] = await db
            .insert(earningsImports)
            .values({ fileName: cleanFileName(fileName), format: reader.format, status: "running", startedAt: now() })
            .returning({ id: earningsImports.id });
          importId = created?.id ?? null;
        }
        while (pending.length >= BATCH_LINES) await flush();
        // a stretch of unreadable lines moves the progress on too
        if (reader.linesRead - progressAt >= BATCH_LINES) await flush();
      };

      try {
        const chunks = file[Symbol.asyncIterator]();
        for (;;) {
          let next: IteratorResult<Buffer>;
          try {
            next = await chunks.next();
          } catch (error) {
            throw new UploadBrokeOff(error);
          }
          if (next.done) break;
          let chunk: Buffer = next.value;
          if (!decoder) {
            // the encoding is told by the first two bytes, which may come in two pieces
            head = head ? Buffer.concat([head, chunk]) : chunk;
            if (head.length < 2) continue;
            decoder = decoderFor(head);
            chunk = head;
          }
          await take(reader.push(decoder.decode(chunk, { stream: true })));
          if (reader.refusal !== null) break;
        }
        if (reader.refusal === null) {
          if (!decoder && head) {
            // a file of one byte
            decoder = decoderFor(head);
            await take(reader.push(decoder.decode(head, { stream: true })));
          }
          if (decoder) await take(reader.push(decoder.decode()));
          await take(reader.end());
        }
        if (reader.refusal !== null || reader.format === null || importId === null) {
          // only before the header row; the rest of the upload is left unread
          file.resume();
          return { ok: false, refusal: "no-header", message: reader.refusal ?? "No header row found" };
        }
        do await flush();
        while (pending.length > 0);
        await db
          .update(earningsImports)
          .set({ status: "done", finishedAt: now() })
          .where(eq(earningsImports.id, importId));
        return {
          ok: true,
          report: { importId, format: reader.format, ...totals, errors, errorCount },
        };
      } catch (error) {
        const id = importId;
        if (id === null) throw error instanceof UploadBrokeOff ? error.reason : error;
        if (error instanceof UploadBrokeOff) {
          // Part of a file is no report: what was written of it goes, so the refused upload leaves
          // nothing. (Lines another import stored meanwhile are that import's, and stay.)
          await db.delete(earningsRows).where(eq(earningsRows.importId, id));
          await db.delete(earningsImports).where(eq(earningsImports.id, id));
          throw error.reason;
        }
        // A failure of ours (the database): the batches already written stay. Nothing is counted
        // twice for it: importing the file again finds those lines by their fingerprints and adds
        // only the rest.
        await db
          .update(earningsImports)
          .set({
            status: "failed",
            finishedAt: now(),
            errors: [
              ...errors.slice(0, MAX_KEPT_IMPORT_ERRORS - 1),
              {
                line: 0,
                message: `The import stopped on a server error after ${(totals.imported + totals.duplicates).toLocaleString("en-US")} lines; the lines stored so far stay, and importing the file again adds only the rest`,
              },
            ],
          })
          .where(eq(earningsImports.id, id))
          .catch(() => {});
        throw error;
      }
    },

    /** The last imports, newest first. */
    async listImports(): Promise<EarningsImportSummary[]> {
      const rows = await db
        .select(summaryColumns)
        .from(earningsImports)
        .orderBy(desc(earningsImports.startedAt), desc(earningsImports.id))
        .limit(EARNINGS_IMPORTS_LISTED);
      return rows.map(summaryOf);
    },

    /** One import with its first errors; null when there is none of that id. */
    async getImport(id: number): Promise<EarningsImport | null> {
      const [row] = await db
        .select({ ...summaryColumns, errors: earningsImports.errors })
        .from(earningsImports)
        .where(eq(earningsImports.id, id));
      if (!row) return null;
      const { errors, ...summary } = row;
      return { ...summaryOf(summary), errors };
    },
  };
}

export type EarningsImportService = ReturnType<typeof createEarningsImportService>;
