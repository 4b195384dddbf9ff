-- pg_trgm ships with PostgreSQL (contrib) and PGlite, and is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "quiz_submissions_email_trgm_idx" ON "quiz_submissions" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "toys_name_trgm_idx" ON "toys" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "toys_description_trgm_idx" ON "toys" USING gin ("description" gin_trgm_ops);