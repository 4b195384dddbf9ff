import DownloadNode from "lucide/dist/esm/icons/download.mjs";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { SUBSCRIBERS_CSV_FILENAME, type SubscriberFilter } from "#domain/subscribers.ts";

const Download = icon("download", DownloadNode);

const EXPORT_PATH = "/api/admin/subscribers.csv";

/**
 * 'Export CSV': the list as filtered on screen, streamed by the server. Once the page runs in
 * the browser, the link carries its locale and time zone, so the file's times read as the
 * table's; before that the server's default (en-US, UTC) applies.
 */
export function SubscribersExportLink({ filter }: { filter: SubscriberFilter }) {
  const hydrated = useHydrated();
  const params = new URLSearchParams();
  if (filter.search) params.set("search", filter.search);
  if (filter.status !== "all") params.set("status", filter.status);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (hydrated) {
    const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
    if (locale) params.set("locale", locale);
    if (timeZone) params.set("timeZone", timeZone);
  } else if (filter.timeZone) {
    params.set("timeZone", filter.timeZone);
  }
  const href = params.size > 0 ? `${EXPORT_PATH}?${params}` : EXPORT_PATH;
  return (
    <a href={href} download={SUBSCRIBERS_CSV_FILENAME} className={buttonClass("primary", "md")}>
      <Download className="size-5" aria-hidden="true" />
      Export CSV
    </a>
  );
}
