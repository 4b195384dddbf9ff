import type { IncomingHttpHeaders } from "node:http";

// What answers given from memory (assets, cached pages) negotiate: the coding (Accept-Encoding)
// and whether the client's copy is still good (If-None-Match).
//
// Accept-Encoding as RFC 9110 reads it: each coding with its quality (1 unless "q=" says
// otherwise), "*" for any coding not named, and a quality of 0 meaning "not this one".

function qualities(header: string | undefined): Map<string, number> {
  const named = new Map<string, number>();
  for (const item of (header ?? "").toLowerCase().split(",")) {
    const [coding = "", ...parameters] = item.split(";").map((part) => part.trim());
    if (coding === "") continue;
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    named.set(coding === "x-gzip" ? "gzip" : coding, Number.isFinite(quality) ? quality : 0);
  }
  return named;
}

/**
 * Of the codings a response is available in (in the server's order of preference), the one the
 * client rates highest, or undefined when it accepts none of them (then: the plain bytes).
 */
export function preferredEncoding<C extends string>(
  headers: IncomingHttpHeaders,
  available: readonly C[],
): C | undefined {
  const rated = qualities(headers["accept-encoding"]);
  let best: C | undefined;
  let bestQuality = 0;
  for (const coding of available) {
    const quality = rated.get(coding) ?? rated.get("*") ?? 0;
    if (quality > bestQuality) {
      best = coding;
      bestQuality = quality;
    }
  }
  return best;
}

const weak = (tag: string) => tag.trim().replace(/^W\//, "");

/**
 * If-None-Match names this ETag (weak comparison, as Express's `req.fresh`), unless the client
 * says no-cache: the answer is then a 304 without a body.
 */
export function isFresh(headers: IncomingHttpHeaders, etag: string): boolean {
  const noneMatch = headers["if-none-match"];
  if (!noneMatch) return false;
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/.test(headers["cache-control"] ?? "")) return false;
  if (noneMatch.trim() === "*") return true;
  return noneMatch.split(",").some((tag) => weak(tag) === weak(etag));
}
