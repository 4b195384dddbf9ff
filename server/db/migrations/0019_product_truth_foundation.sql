CREATE TABLE "request_turns" (
	"key" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "toys" ADD COLUMN "retailer_item_id" text;--> statement-breakpoint
ALTER TABLE "toys" ADD COLUMN "price_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "toys" ADD COLUMN "price_source" text;--> statement-breakpoint
CREATE INDEX "toys_amazon_asin_idx" ON "toys" USING btree ("amazon_asin");--> statement-breakpoint
CREATE INDEX "toys_retailer_item_id_idx" ON "toys" USING btree ("retailer_item_id");--> statement-breakpoint
ALTER TABLE "toys" ADD CONSTRAINT "toys_price_source_check" CHECK ("toys"."price_source" in ('owner', 'amazon', 'feed'));--> statement-breakpoint
-- Backfill (issue 27): a price already on the site was typed by the owner, last when the toy
-- was last saved, so that is when it was confirmed. Only rows without a confirmation yet.
UPDATE "toys" SET "price_confirmed_at" = "updated_at", "price_source" = 'owner' WHERE "price_confirmed_at" IS NULL;
