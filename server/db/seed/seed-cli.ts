// `npm run db:seed`: adds any missing demo content to the configured database (idempotent).
import { runDatabaseCommand } from "#server/cli.ts";
import { seedDemoActivity } from "./demo-activity";
import { seedDemoContent } from "./seed";

await runDatabaseCommand(async (database) => {
  const report = await seedDemoContent(database.db);
  const added = Object.entries(report)
    .map(([table, rows]) => `${table} +${rows}`)
    .join(", ");
  // a month of visits, clicks and earnings, only on a site that has counted nothing yet
  const activity = await seedDemoActivity(database.db);
  return `demo content seeded (${database.kind}: ${database.location}): ${added}${activity ? `; a month of demo activity (${activity.clicks} click rows, ${activity.earningsLines} earnings lines)` : ""}`;
});
