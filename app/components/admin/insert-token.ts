// Apart from the Insert product dialog, which the post editor loads on first use (decision 069).

/**
 * `text` with `token` placed on a line of its own at `at` (a token inside a paragraph would
 * stay text): blank lines around it, none doubled. Returns the new text and where the caret goes.
 */
export function insertTokenLine(text: string, at: number, token: string): { text: string; caret: number } {
  const before = text.slice(0, at).replace(/[ \t]+$/, "");
  const after = text.slice(at).replace(/^[ \t]+/, "");
  const lead = before === "" ? "" : before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
  const tail = after === "" ? "\n" : after.startsWith("\n\n") ? "" : after.startsWith("\n") ? "\n" : "\n\n";
  const head = `${before}${lead}${token}`;
  return { text: `${head}${tail}${after}`, caret: head.length + tail.length };
}
