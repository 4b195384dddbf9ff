import { isCrawler } from "#domain/crawlers.ts";
import { searchApiAnswer, searchQuerySchema, tooManySearchesText } from "#domain/search.ts";
import { clientKey } from "#server/http/client-address.ts";
import { HttpError } from "#server/http/errors.ts";
import { keepPrivate } from "#server/http/private-answers.ts";
import { createRouter } from "#server/http/router.ts";
import { parseOr400 } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";

/**
 * The site search's instant results (issue 28). A search costs more than a cached catalogue
 * read, so each client has a share (SEARCH_RATE_LIMIT), the same one the /search page draws on.
 * The answer is kept by nobody but the browser that asked: it is never stored in the response
 * cache, so `count=1` is always counted.
 */
export function searchRouter({ search }: Services) {
  const router = createRouter();

  router.get("/search", async (req, res) => {
    const verdict = await search.admit(clientKey(req.ip));
    if (!verdict.allowed) {
      res.setHeader("Retry-After", String(verdict.retryAfterSeconds));
      throw new HttpError(429, tooManySearchesText(verdict.retryAfterSeconds));
    }
    const { q, page, count } = parseOr400(searchQuerySchema, req.query);
    keepPrivate(res);
    // the header box's keystrokes are not searches: only `count=1` (a final query) is counted
    const counted = count === "1" && !res.locals.session && !isCrawler(req.get("user-agent"));
    res.json(searchApiAnswer(await search.search({ query: q, page, count: counted })));
  });

  return router;
}
