// `npm run db:seed`: adds any missing demo content to the configured database (idempotent).
import { runDatabaseCommand } from "#server/cli.ts";
import { seedDemoContent } from "./seed";

await runDatabaseCommand(async (database) => {
  const report = await seedDemoContent(database.db);
  const added = Object.entries(report)
    .map(([table, rows]) => `${table} +${rows}`)
    .join(", ");
  return `demo content seeded (${database.kind}: ${database.location}): ${added}`;
});
