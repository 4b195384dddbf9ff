// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { runDatabaseCommand } from "#server/cli.ts";

await runDatabaseCommand(async (database) => `migrations applied (${database.kind}: ${database.location})`);
