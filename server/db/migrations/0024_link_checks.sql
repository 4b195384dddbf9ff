CREATE TABLE "link_check_digests" (
	"day" date PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"problems" integer NOT NULL,
	"outbox_id" integer
);
--> statement-breakpoint
CREATE TABLE "link_check_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"checked" integer DEFAULT 0 NOT NULL,
	"ok" integer DEFAULT 0 NOT NULL,
	"redirected" integer DEFAULT 0 NOT NULL,
	"broken" integer DEFAULT 0 NOT NULL,
	"unreachable" integer DEFAULT 0 NOT NULL,
	"unavailable" integer DEFAULT 0 NOT NULL,
	"unchecked_no_api" integer DEFAULT 0 NOT NULL,
	"unchecked_no_asin" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "link_check_runs_status_check" CHECK ("link_check_runs"."status" in ('running', 'done', 'failed')),
	CONSTRAINT "link_check_runs_trigger_check" CHECK ("link_check_runs"."trigger" in ('schedule', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "link_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"toy_id" integer NOT NULL,
	"url" text NOT NULL,
	"state" text NOT NULL,
	"http_status" integer,
	"final_url" text,
	"detail" text,
	"checked_at" timestamp with time zone NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "link_checks_state_check" CHECK ("link_checks"."state" in ('ok', 'redirected', 'broken', 'unreachable', 'unavailable'))
);
--> statement-breakpoint
ALTER TABLE "link_checks" ADD CONSTRAINT "link_checks_toy_id_toys_id_fk" FOREIGN KEY ("toy_id") REFERENCES "public"."toys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "link_check_runs_one_running" ON "link_check_runs" USING btree ("status") WHERE "link_check_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "link_check_runs_started_at_idx" ON "link_check_runs" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "link_checks_toy_url_idx" ON "link_checks" USING btree ("toy_id","url");--> statement-breakpoint
CREATE INDEX "link_checks_problems_idx" ON "link_checks" USING btree ("first_seen_at") WHERE "link_checks"."state" <> 'ok';