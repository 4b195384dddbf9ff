import { useHydrated } from "#app/lib/use-hydrated.ts";

// The server cannot know the reader's locale or time zone: it renders the en-US date in UTC,
// and the browser replaces it with its own format once React runs.
const SERVER_FORMAT = new Intl.DateTimeFormat("en-US", { timeZone: "UTC" });
const SERVER_FORMAT_WITH_TIME = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  dateStyle: "medium",
  timeStyle: "short",
});

/**
 * The date part of `iso` in the browser's local format (what `toLocaleDateString()` gives), as a
 * <time>; `withTime` adds the time of day (revisions, messages).
 */
export function LocalDate({
  iso,
  className,
  withTime = false,
}: {
  iso: string;
  className?: string;
  withTime?: boolean;
}) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  const text = withTime
    ? hydrated
      ? date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })
      : `${SERVER_FORMAT_WITH_TIME.format(date)} UTC`
    : hydrated
      ? date.toLocaleDateString()
      : SERVER_FORMAT.format(date);
  return (
    <time dateTime={iso} className={className} suppressHydrationWarning>
      {text}
    </time>
  );
}
