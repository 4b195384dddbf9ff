import type { RequestHandler } from "express";
import { FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacters, stripForbiddenCharacters } from "#domain/text.ts";
import { HttpError } from "./errors";

// Text that PostgreSQL or XML cannot hold (domain/text.ts) is refused where it enters, with a
// 400 that names the field, before a handler or a query sees it: a NUL in a contact message
// used to fail the insert with a 500, losing the message and logging it with the error.

/** A query string (pages and API) holding a forbidden character: 400 naming the parameter. */
export const refuseControlCharactersInQuery: RequestHandler = (req, _res, next) => {
  const queryAt = req.url.indexOf("?");
  if (queryAt === -1) return next();
  const errors: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(req.url.slice(queryAt + 1))) {
    if (hasForbiddenCharacters(name) || hasForbiddenCharacters(value)) {
      errors[stripForbiddenCharacters(name).slice(0, 40)] = [FORBIDDEN_CHARACTER_MESSAGE];
    }
  }
  if (Object.keys(errors).length > 0) {
    return next(new HttpError(400, "The address contains a control character that is not allowed", errors));
  }
  next();
};

/** Every string (and key) of a JSON body, with its path ("breedRecommendations.0.note"). */
function* strings(value: unknown, path: string, depth = 0): Generator<[string, string]> {
  if (depth > 32) return;
  if (typeof value === "string") yield [path, value];
  else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* strings(item, path ? `${path}.${i}` : String(i), depth + 1);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      yield [at, key];
      yield* strings(item, at, depth + 1);
    }
  }
}

/** A JSON body holding a forbidden character in any text: 400 with the message under each such field. */
export const refuseControlCharactersInBody: RequestHandler = (req, _res, next) => {
  if (req.body === undefined || req.body === null) return next();
  const errors: Record<string, string[]> = {};
  for (const [path, text] of strings(req.body, "")) {
    if (hasForbiddenCharacters(text))
      errors[stripForbiddenCharacters(path || "_").slice(0, 200)] = [FORBIDDEN_CHARACTER_MESSAGE];
  }
  const fields = Object.keys(errors);
  if (fields.length > 0) {
    next(new HttpError(400, `${FORBIDDEN_CHARACTER_MESSAGE} (${fields.slice(0, 5).join(", ")})`, errors));
    return;
  }
  next();
};
