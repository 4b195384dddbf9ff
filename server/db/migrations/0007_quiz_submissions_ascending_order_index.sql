DROP INDEX "quiz_submissions_created_at_id_idx";--> statement-breakpoint
CREATE INDEX "quiz_submissions_order_idx" ON "quiz_submissions" USING btree ("created_at","id");