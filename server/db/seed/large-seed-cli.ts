// `npm run db:seed:large`: tops the configured database up to the benchmark catalogue
// (10,000 toys, 500 posts, 50 breeds with 20 recommendations each, 1,000,000 quiz submissions).
import { runDatabaseCommand } from "#server/cli.ts";
import { seedLargeCatalogue } from "./large-seed";

await runDatabaseCommand(async (database) => {
  const started = Date.now();
  const added = await seedLargeCatalogue(database.db, undefined, (message) => console.log(message));
  const summary = Object.entries(added)
    .map(([table, rows]) => `${table} +${rows}`)
    .join(", ");
  return `large catalogue ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind}: ${database.location}): ${summary}`;
});
