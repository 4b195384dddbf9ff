// A line diff for comparing a post's versions (issue 18 revisions): the longest common
// subsequence of lines, so unchanged paragraphs line up and only real changes are marked.

export type DiffLine = { kind: "same" | "added" | "removed"; text: string };

/** The lines of `after` against `before`: kept, added and removed, in reading order. */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = before.split("\n");
  const b = after.split("\n");
  // A body of a few thousand lines stays fast enough; beyond that, show both whole.
  if (a.length * b.length > 4_000_000) {
    return [
      ...a.map((text) => ({ kind: "removed" as const, text })),
      ...b.map((text) => ({ kind: "added" as const, text })),
    ];
  }
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const row = lcs[i] as number[];
      row[j] = a[i] === b[j] ? (lcs[i + 1]?.[j + 1] ?? 0) + 1 : Math.max(lcs[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ kind: "same", text: a[i] ?? "" });
      i++;
      j++;
    } else if ((lcs[i + 1]?.[j] ?? 0) >= (lcs[i]?.[j + 1] ?? 0)) {
      lines.push({ kind: "removed", text: a[i++] ?? "" });
    } else {
      lines.push({ kind: "added", text: b[j++] ?? "" });
    }
  }
  while (i < a.length) lines.push({ kind: "removed", text: a[i++] ?? "" });
  while (j < b.length) lines.push({ kind: "added", text: b[j++] ?? "" });
  return lines;
}
