// A section of a page loads on its own: one failing list shows that section's error
// state instead of failing the whole page.
export type Result<T> = { ok: true; data: T } | { ok: false };

/** Server side: runs a load and turns a failure into `{ ok: false }` (after logging it). */
export async function settle<T>(load: () => Promise<T>, onError?: (error: unknown) => void): Promise<Result<T>> {
  try {
    return { ok: true, data: await load() };
  } catch (error) {
    onError?.(error);
    return { ok: false };
  }
}
