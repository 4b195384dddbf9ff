CREATE TABLE "product_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"checked" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unavailable" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "product_sync_runs_status_check" CHECK ("product_sync_runs"."status" in ('running', 'done', 'failed')),
	CONSTRAINT "product_sync_runs_trigger_check" CHECK ("product_sync_runs"."trigger" in ('schedule', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "toy_price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"toy_id" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"price" text NOT NULL,
	"price_discount" text,
	"in_stock" boolean NOT NULL,
	"link" text
);
--> statement-breakpoint
ALTER TABLE "toy_price_history" ADD CONSTRAINT "toy_price_history_toy_id_toys_id_fk" FOREIGN KEY ("toy_id") REFERENCES "public"."toys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_sync_runs_one_running" ON "product_sync_runs" USING btree ("status") WHERE "product_sync_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "product_sync_runs_started_at_idx" ON "product_sync_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "toy_price_history_toy_id_idx" ON "toy_price_history" USING btree ("toy_id","recorded_at");