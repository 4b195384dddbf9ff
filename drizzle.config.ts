import { defineConfig } from "drizzle-kit";

// Migrations are generated from server/db/schema.ts and committed; the server applies
// them at start-up on PGlite and on PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
});
