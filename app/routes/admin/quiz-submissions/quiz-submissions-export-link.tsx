import DownloadNode from "lucide/dist/esm/icons/download.mjs";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

const Download = icon("download", DownloadNode);

const EXPORT_PATH = "/api/admin/quiz-submissions.csv";

/**
 * 'Export CSV': a download of every submission, streamed by the server. Once the page runs in
 * the browser, the link carries the browser's locale and time zone, so the file's dates read as
 * the table's do; before that the server's default (en-US, UTC) applies.
 */
export function QuizSubmissionsExportLink() {
  const hydrated = useHydrated();
  let href = EXPORT_PATH;
  if (hydrated) {
    const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
    const params = new URLSearchParams();
    if (locale) params.set("locale", locale);
    if (timeZone) params.set("timeZone", timeZone);
    if (params.size > 0) href = `${EXPORT_PATH}?${params}`;
  }
  return (
    <a href={href} download="quiz_submissions.csv" className={buttonClass("primary", "md")}>
      <Download className="size-5" aria-hidden="true" />
      Export CSV
    </a>
  );
}
