import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

// The form kit's checking half: Conform's Zod adapter. A form loads it with its schema's module
// on its first focus (use-kit-form.ts), so a page with a form does not download Zod (25 KB gzip)
// and this adapter before the visitor starts filling it in (decision 069).

export { parseWithZod };

/**
 * The object of a form's fields in a schema that goes on to turn them into something else
 * (`fields.transform(...).pipe(apiSchema)`): the fields' HTML constraints come from it.
 */
function fieldsOf(schema: z.ZodType): z.ZodType {
  let inner: z.ZodType = schema;
  while (inner._zod.def.type === "pipe") inner = (inner as z.ZodPipe).in as z.ZodType;
  return inner;
}

/** The fields' HTML constraints (required, lengths, ranges) the schema states. */
export function constraintOf(schema: z.ZodType) {
  return getZodConstraint(fieldsOf(schema));
}
