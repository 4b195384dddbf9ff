import { auditListQuerySchema } from "#domain/audit.ts";
import { adminOnly } from "#server/http/access.ts";
import { createRouter } from "#server/http/router.ts";
import { parseOr400 } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";

/** The admin audit log: what the owner did, newest first, filtered and paged (decision 029). */
export function auditLogRouter({ audit }: Services) {
  const router = createRouter();

  router.get("/admin/audit-log", adminOnly, async (req, res) => {
    const query = parseOr400(auditListQuerySchema, req.query);
    const { items, total } = await audit.list(query);
    res.set("X-Total-Count", String(total)).json(items);
  });

  return router;
}
