import FileUpNode from "lucide/dist/esm/icons/file-up.mjs";
import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import { type ChangeEvent, type RefObject, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { toast } from "#app/lib/toast.ts";
import type { CatalogueImportReport } from "#domain/catalogue-csv.ts";
import {
  CATALOGUE_IMPORT_FIELD,
  CATALOGUE_IMPORT_MAX_BYTES,
  catalogueImportCounts,
} from "#domain/catalogue-csv-text.ts";
import { countOf } from "#domain/text.ts";

const FileUp = icon("file-up", FileUpNode);
const LoaderCircle = icon("loader-circle", LoaderCircleNode);

/** What the products page's action answers to an import (a preview, or the import applied or refused). */
export interface CatalogueImportAnswer {
  ok: boolean;
  message: string;
  import?: { dryRun: boolean; report?: CatalogueImportReport };
}

export const IMPORT_INTENTS = { preview: "import-preview", apply: "import-apply" } as const;
export const IMPORT_TEXT = {
  noFile: "Choose a CSV file to import",
  tooLarge: `The file is larger than ${CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB: import it in parts`,
  done: "Catalogue imported",
} as const;

/** Rows listed at most, of the errors and of the changes (the counts say the rest). */
const LISTED = 200;
const FILE_INPUT_ID = "catalogue-import-file";

/** The counts, the errors by line, and what each changing row does (or did). */
function ImportReport({
  answer,
  report,
  headingRef,
}: {
  answer: CatalogueImportAnswer;
  report: CatalogueImportReport;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const dryRun = answer.import?.dryRun ?? true;
  const done = answer.ok && !dryRun;
  const changes = report.rows.filter((row) => row.action !== "skip");
  const errorLines = new Set(report.errors.map((error) => error.line)).size;
  return (
    <div className="mt-4 grid gap-3 rounded-lg border border-stone-200 p-4">
      <h3 ref={headingRef} tabIndex={-1} className="text-lg font-extrabold focus:outline-none">
        {dryRun ? "Preview" : done ? "Imported" : "Not imported"}
      </h3>
      <p className="font-semibold" data-testid="catalogue-import-counts">
        {catalogueImportCounts(report, done)}
      </p>
      {report.errors.length > 0 ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
          <p className="font-semibold">
            {countOf(errorLines, "row has", "rows have")} errors: nothing is imported until the file is corrected and
            chosen again.
          </p>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {report.errors.slice(0, LISTED).map((error) => (
              <li key={`${error.line}:${error.message}`}>
                Line {error.line}: {error.message}
              </li>
            ))}
          </ul>
          {report.errors.length > LISTED ? (
            <p className="mt-2 text-sm">…and {countOf(report.errors.length - LISTED, "more error")}.</p>
          ) : null}
        </div>
      ) : null}
      {changes.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="pb-2 text-left font-semibold">
              {done ? "What the import did" : "What each row will do"}
            </caption>
            <thead>
              <tr className="border-b border-stone-200">
                <th scope="col" className="py-1 pr-4">
                  Line
                </th>
                <th scope="col" className="py-1 pr-4">
                  Action
                </th>
                <th scope="col" className="py-1">
                  Product
                </th>
              </tr>
            </thead>
            <tbody>
              {changes.slice(0, LISTED).map((row) => (
                <tr key={row.line} className="border-b border-stone-100">
                  <td className="py-1 pr-4 tabular-nums">{row.line}</td>
                  <td className="py-1 pr-4">
                    {row.action === "create" ? (done ? "Created" : "Create") : done ? "Updated" : "Update"}
                  </td>
                  <td className="py-1">
                    {row.id !== undefined ? (
                      <Link to={`/admin/products/${row.id}`} className="font-semibold text-primary hover:underline">
                        {row.name}
                      </Link>
                    ) : (
                      row.name
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {changes.length > LISTED ? (
            <p className="mt-2 text-sm text-muted">…and {countOf(changes.length - LISTED, "more row")}.</p>
          ) : null}
        </div>
      ) : report.errors.length === 0 ? (
        <p>{done ? "Nothing changed." : "Nothing to import: every row matches its product."}</p>
      ) : null}
      {report.skip > 0 && changes.length > 0 ? (
        <p className="text-sm text-muted">
          {countOf(report.skip, "row matches its product", "rows match their products")} and{" "}
          {report.skip === 1 ? "is" : "are"} left as {report.skip === 1 ? "it is" : "they are"}.
        </p>
      ) : null}
    </div>
  );
}

/**
 * "Import CSV" on the products page: choose a file of the export's columns, see what each row
 * would do (and each row's errors, by line), then apply it. Both buttons post the chosen file to
 * the page's action, which calls the same service as POST /api/admin/toys/import; the form works
 * before the scripts run too (`answer` is the page's own answer then).
 */
export function CatalogueImport({ path, answer: posted }: { path: string; answer?: CatalogueImportAnswer }) {
  const fetcher = useFetcher<CatalogueImportAnswer>({ key: "catalogue-import" });
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const said = useRef<unknown>(null);
  const focusAnswer = useRef(false);
  const [shown, setShown] = useState<CatalogueImportAnswer | null>(posted?.import ? posted : null);
  const [fileError, setFileError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const pending = fetcher.formData?.get("intent");

  // Each answer once: shown (and announced through its heading); an applied import also toasts
  // and empties the file box, so the same file is not applied twice by mistake.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || said.current === fetcher.data) return;
    const answer = fetcher.data;
    said.current = answer;
    setShown(answer);
    if (answer.ok && answer.import && !answer.import.dryRun) {
      formRef.current?.reset();
      toast({
        title: IMPORT_TEXT.done,
        description: answer.import.report ? catalogueImportCounts(answer.import.report, true) : answer.message,
      });
    }
    focusAnswer.current = true;
  }, [fetcher.state, fetcher.data]);

  // The answer's heading takes focus once it is on the page: after the commit that renders it,
  // not on the next frame, which a busy machine can reach before React has rendered the answer.
  useEffect(() => {
    if (!focusAnswer.current || !shown) return;
    focusAnswer.current = false;
    headingRef.current?.focus();
  }, [shown]);

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    // a preview is of the file it was made for
    setShown(null);
    setFileError(file && file.size > CATALOGUE_IMPORT_MAX_BYTES ? IMPORT_TEXT.tooLarge : null);
  }

  const report = shown?.import?.report;
  const canApply =
    shown?.ok === true &&
    shown.import?.dryRun === true &&
    report !== undefined &&
    report.errors.length === 0 &&
    report.create + report.update > 0 &&
    fileError === null;

  return (
    <details
      open={posted?.import ? true : undefined}
      className="mt-6 rounded-xl border border-stone-200 bg-white shadow-sm"
    >
      <summary className="cursor-pointer list-inside px-4 py-3 font-bold sm:px-6">Import CSV</summary>
      <div className="border-t border-stone-200 p-4 sm:p-6">
        <p className="max-w-3xl text-sm text-muted">
          Change products and add new ones from a CSV file with the columns of <strong>Export CSV</strong> (any order;
          leave out the ones you do not change). A row with an id changes that product; a row without one changes the
          product with its ASIN, or adds a new product. You see what each row will do before anything changes.
        </p>
        <fetcher.Form
          ref={formRef}
          method="post"
          action={path}
          encType="multipart/form-data"
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
        >
          <div className="grid gap-1">
            <label htmlFor={FILE_INPUT_ID} className="text-sm font-bold">
              CSV file
            </label>
            <input
              id={FILE_INPUT_ID}
              name={CATALOGUE_IMPORT_FIELD}
              type="file"
              accept=".csv,text/csv"
              required
              onChange={onFile}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? `${FILE_INPUT_ID}-error` : undefined}
              className="rounded-lg border border-stone-300 p-2 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-1.5 file:font-semibold"
            />
          </div>
          <button
            type="submit"
            name="intent"
            value={IMPORT_INTENTS.preview}
            disabled={busy || fileError !== null}
            className={buttonClass("secondary", "md")}
          >
            {pending === IMPORT_INTENTS.preview ? (
              <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
            ) : null}
            Preview import
          </button>
          {canApply ? (
            <button
              type="submit"
              name="intent"
              value={IMPORT_INTENTS.apply}
              disabled={busy}
              className={buttonClass("primary", "md")}
            >
              {pending === IMPORT_INTENTS.apply ? (
                <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
              ) : (
                <FileUp className="size-5" aria-hidden="true" />
              )}
              Apply import
            </button>
          ) : null}
        </fetcher.Form>
        {fileError ? (
          <p id={`${FILE_INPUT_ID}-error`} role="alert" className="mt-2 text-sm font-semibold text-red-800">
            {fileError}
          </p>
        ) : null}
        <p role="status" className="sr-only">
          {busy ? (pending === IMPORT_INTENTS.apply ? "Importing..." : "Reading the file...") : ""}
        </p>
        {report && shown ? (
          <ImportReport answer={shown} report={report} headingRef={headingRef} />
        ) : shown && !shown.ok ? (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 font-semibold text-red-800"
          >
            {shown.message}
          </p>
        ) : null}
      </div>
    </details>
  );
}
