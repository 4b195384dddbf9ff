CREATE TABLE "affiliate_clicks" (
	"toy_id" integer NOT NULL,
	"placement" text NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "affiliate_clicks_toy_id_placement_day_pk" PRIMARY KEY("toy_id","placement","day")
);
--> statement-breakpoint
CREATE TABLE "visitor_daily_hashes" (
	"day" date NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "visitor_daily_hashes_day_hash_pk" PRIMARY KEY("day","hash")
);
--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_toy_id_toys_id_fk" FOREIGN KEY ("toy_id") REFERENCES "public"."toys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_clicks_day_idx" ON "affiliate_clicks" USING btree ("day");