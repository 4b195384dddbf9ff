import { z } from "zod";

// Zod compiles object parsers with `new Function` when it may, and finds out by trying it. In
// the browser our Content-Security-Policy forbids that (no 'unsafe-eval'), so the probe would be
// logged as a CSP violation on every page with a form; the interpreted parser is fast enough.
if (typeof window !== "undefined") z.config({ jitless: true });
