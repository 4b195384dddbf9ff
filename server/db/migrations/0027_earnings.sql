CREATE TABLE "earnings_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text,
	"format" text,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"lines_read" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"unmatched" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "earnings_imports_status_check" CHECK ("earnings_imports"."status" in ('running', 'done', 'failed')),
	CONSTRAINT "earnings_imports_format_check" CHECK ("earnings_imports"."format" in ('amazon-earnings', 'amazon-orders', 'generic'))
);
--> statement-breakpoint
CREATE TABLE "earnings_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"item_id" text NOT NULL,
	"item_name" text DEFAULT '' NOT NULL,
	"tracking_id" text DEFAULT '' NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"returns" integer DEFAULT 0 NOT NULL,
	"revenue_cents" integer DEFAULT 0 NOT NULL,
	"earnings_cents" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"import_id" integer,
	CONSTRAINT "earnings_rows_fingerprint_unique" UNIQUE("fingerprint"),
	CONSTRAINT "earnings_rows_kind_check" CHECK ("earnings_rows"."kind" in ('earnings', 'orders')),
	CONSTRAINT "earnings_rows_currency_check" CHECK ("earnings_rows"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "post_views_daily" (
	"day" date NOT NULL,
	"slug" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_views_daily_day_slug_pk" PRIMARY KEY("day","slug")
);
--> statement-breakpoint
CREATE TABLE "tracking_id_placements" (
	"tracking_id" text PRIMARY KEY NOT NULL,
	"placement" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "earnings_rows" ADD CONSTRAINT "earnings_rows_import_id_earnings_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."earnings_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earnings_imports_started_at_idx" ON "earnings_imports" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "earnings_rows_day_idx" ON "earnings_rows" USING btree ("day");--> statement-breakpoint
CREATE INDEX "earnings_rows_item_id_idx" ON "earnings_rows" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "earnings_rows_import_id_idx" ON "earnings_rows" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "post_views_daily_slug_idx" ON "post_views_daily" USING btree ("slug");