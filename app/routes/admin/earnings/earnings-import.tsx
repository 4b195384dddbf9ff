import FileUpNode from "lucide/dist/esm/icons/file-up.mjs";
import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import { type RefObject, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { formatCount } from "#app/components/admin/panel.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { toast } from "#app/lib/toast.ts";
import { EARNINGS_IMPORT_FIELD, type EarningsImportReport, earningsImportSummary } from "#domain/earnings-import.ts";

const FileUp = icon("file-up", FileUpNode);
const LoaderCircle = icon("loader-circle", LoaderCircleNode);

/** What the earnings page's action answers to an import. */
export interface EarningsImportAnswer {
  ok: boolean;
  intent: "import";
  message: string;
  result?: EarningsImportReport;
}

/** What the progress resource route answers while a report is read. */
export interface EarningsImportProgress {
  running: { fileName: string | null; linesRead: number } | null;
}

export const EARNINGS_IMPORT_INTENT = "import";
const FILE_INPUT_ID = "earnings-import-file";
const PROGRESS_PATH = "/admin/earnings/progress";
const POLL_MS = 700;
/** Errors listed at most; the count says the rest. */
const LISTED = 100;

function ImportAnswer({
  answer,
  headingRef,
}: {
  answer: EarningsImportAnswer;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { result } = answer;
  return (
    <div className="mt-4 grid gap-3 rounded-lg border border-stone-200 p-4" data-testid="earnings-import-answer">
      <h3 ref={headingRef} tabIndex={-1} className="text-lg font-extrabold focus:outline-none">
        {answer.ok ? "Report imported" : "Not imported"}
      </h3>
      {result ? (
        <dl className="flex flex-wrap gap-x-6 gap-y-1" data-testid="earnings-import-counts">
          {(
            [
              ["imported", "New lines"],
              ["duplicates", "Already imported"],
              ["unmatched", "Match no product"],
            ] as const
          ).map(([key, label]) => (
            <div key={key} className="flex gap-2">
              <dt className="text-muted">{label}</dt>
              <dd className="font-bold tabular-nums">{formatCount(result[key])}</dd>
            </div>
          ))}
          <div className="flex gap-2">
            <dt className="text-muted">Lines with errors</dt>
            <dd className="font-bold tabular-nums">{formatCount(result.errorCount)}</dd>
          </div>
        </dl>
      ) : null}
      {!answer.ok ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 font-semibold text-red-800">
          {answer.message}
        </p>
      ) : null}
      {result && result.errors.length > 0 ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-950">
          <p className="font-semibold">
            These lines were left out; the rest of the report was imported. Correct them and import the file again:
            lines already imported are not counted twice.
          </p>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {result.errors.slice(0, LISTED).map((error) => (
              <li key={`${error.line}:${error.message}`}>
                Line {error.line}: {error.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/**
 * "Import a report": the retailer's earnings or orders report (CSV or tab-separated, as
 * downloaded) or the generic CSV, posted to the page's action, which reads it through the same
 * service as POST /api/admin/earnings/import. While it is read, the lines read so far are shown
 * (polled from the import's own row); the form works before the scripts run too.
 */
export function EarningsImport({ answer: posted }: { answer?: EarningsImportAnswer }) {
  const fetcher = useFetcher<EarningsImportAnswer>({ key: "earnings-import" });
  const progress = useFetcher<EarningsImportProgress>({ key: "earnings-import-progress" });
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const said = useRef<unknown>(null);
  const focusAnswer = useRef(false);
  const [shown, setShown] = useState<EarningsImportAnswer | null>(posted ?? null);
  const busy = fetcher.state !== "idle";

  // While the file is read, ask for its progress every POLL_MS (one request at a time).
  const load = progress.load;
  const progressIdle = progress.state === "idle";
  useEffect(() => {
    if (!busy || !progressIdle) return;
    const timer = setTimeout(() => load(PROGRESS_PATH), POLL_MS);
    return () => clearTimeout(timer);
  }, [busy, progressIdle, load]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || said.current === fetcher.data) return;
    const answer = fetcher.data;
    said.current = answer;
    setShown(answer);
    if (answer.ok && answer.result) {
      formRef.current?.reset();
      toast({ title: "Report imported", description: earningsImportSummary(answer.result) });
    }
    focusAnswer.current = true;
  }, [fetcher.state, fetcher.data]);

  useEffect(() => {
    if (!focusAnswer.current || !shown) return;
    focusAnswer.current = false;
    headingRef.current?.focus();
  }, [shown]);

  const running = busy ? progress.data?.running : null;
  const status = !busy
    ? ""
    : running
      ? `Reading the report: ${formatCount(running.linesRead)} lines so far…`
      : "Sending the report…";

  return (
    <section
      aria-labelledby="earnings-import-heading"
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="earnings-import-heading" className="text-xl font-extrabold tracking-tight">
        Import a report
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-muted">
        Amazon Associates' earnings or orders report (CSV or tab-separated, as downloaded), or another programme's
        report as a CSV with the columns{" "}
        <code>date, item id, item name, quantity, revenue, commission, currency, tracking id</code>. Lines already
        imported, from this file or an overlapping one, are not counted twice.
      </p>
      <fetcher.Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
        onSubmit={() => setShown(null)}
      >
        <input type="hidden" name="intent" value={EARNINGS_IMPORT_INTENT} />
        <div className="grid gap-1">
          <label htmlFor={FILE_INPUT_ID} className="text-sm font-bold">
            Report file
          </label>
          <input
            id={FILE_INPUT_ID}
            name={EARNINGS_IMPORT_FIELD}
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
            required
            className="rounded-lg border border-stone-300 p-2 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-1.5 file:font-semibold"
          />
        </div>
        <button type="submit" disabled={busy} className={buttonClass("primary", "md")}>
          {busy ? (
            <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
          ) : (
            <FileUp className="size-5" aria-hidden="true" />
          )}
          {busy ? "Importing…" : "Import report"}
        </button>
      </fetcher.Form>
      <p role="status" className="mt-3 text-sm font-semibold empty:hidden" data-testid="earnings-import-progress">
        {status}
      </p>
      {shown ? <ImportAnswer answer={shown} headingRef={headingRef} /> : null}
    </section>
  );
}
