DROP INDEX "toys_top_picks_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reading_time_auto" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "toys" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
CREATE INDEX "toys_top_picks_idx" ON "toys" USING btree ("rating_value" DESC NULLS LAST,"name","id") WHERE "toys"."is_top_pick" and "toys"."deleted_at" is null and "toys"."status" = 'published';--> statement-breakpoint
ALTER TABLE "toys" ADD CONSTRAINT "toys_status_check" CHECK ("toys"."status" in ('draft', 'published'));