const EXAMPLES = [
  { label: "Bold", syntax: "**text**" },
  { label: "Italic", syntax: "*text*" },
  { label: "Link", syntax: "[text](url)" },
  { label: "Heading", syntax: "## Heading" },
] as const;

/** The markdown cheat sheet under the post body (spec §2: bold, italic, links and headings). */
export function FormattingGuide({ id }: { id: string }) {
  return (
    <div id={id} className="mt-2 rounded-lg bg-stone-50 px-3 py-2 text-sm text-muted">
      <p className="font-bold text-ink">Formatting guide (Markdown)</p>
      <ul className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
        {EXAMPLES.map(({ label, syntax }) => (
          <li key={label}>
            {label}: <code className="rounded bg-white px-1 py-0.5 font-mono text-ink">{syntax}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
