import { useHydrated } from "#app/lib/use-hydrated.ts";

// The server cannot know the reader's locale or time zone: it renders the en-US date in UTC,
// and the browser replaces it with its own format once React runs.
const SERVER_FORMAT = new Intl.DateTimeFormat("en-US", { timeZone: "UTC" });

/** The date part of `iso` in the browser's local format (what `toLocaleDateString()` gives), as a <time>. */
export function LocalDate({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  const text = hydrated ? date.toLocaleDateString() : SERVER_FORMAT.format(date);
  return (
    <time dateTime={iso} className={className} suppressHydrationWarning>
      {text}
    </time>
  );
}
