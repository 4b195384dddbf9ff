import { data } from "react-router";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import type { Route } from "./+types/progress";
import type { EarningsImportProgress } from "./earnings-import.tsx";

// The import form polls this while a report is read: how many lines the running import has read.
export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const running = (await app.services.earningsImport.listImports()).find((item) => item.status === "running");
  return data<EarningsImportProgress>(
    { running: running ? { fileName: running.fileName, linesRead: running.linesRead } : null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
