CREATE TABLE "newsletter_consent_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"source" text NOT NULL,
	"consent_text" text,
	CONSTRAINT "newsletter_consent_events_action_check" CHECK ("newsletter_consent_events"."action" in ('subscribed', 'confirmation-requested', 'resubscribed', 'unsubscribed', 'bounced'))
);
--> statement-breakpoint
ALTER TABLE "data_erasures" ADD COLUMN "hash_kind" text DEFAULT 'sha256' NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "recent_hits" timestamp with time zone[];--> statement-breakpoint
ALTER TABLE "newsletter_consent_events" ADD CONSTRAINT "newsletter_consent_events_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_consent_events_subscriber_idx" ON "newsletter_consent_events" USING btree ("subscriber_id","at");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_email_lower_idx" ON "newsletter_subscribers" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "data_erasures" ADD CONSTRAINT "data_erasures_hash_kind_check" CHECK ("data_erasures"."hash_kind" in ('hmac-sha256', 'sha256'));--> statement-breakpoint
-- Backfill (issue 26): every subscriber gets its current consent as the first event of its
-- history, and its recorded unsubscribe or bounce after it, with the source "earlier-record"
-- where the row never said how the withdrawal came. Only subscribers without any event yet, so
-- running it again adds nothing.
INSERT INTO "newsletter_consent_events" ("subscriber_id", "at", "action", "source", "consent_text")
SELECT s."id", e."at", e."action", e."source", e."consent_text"
FROM "newsletter_subscribers" s
CROSS JOIN LATERAL (
  VALUES
    (s."consented_at", 'subscribed', s."source", s."consent_text"),
    (s."unsubscribed_at", 'unsubscribed', 'earlier-record', NULL),
    (s."bounced_at", 'bounced', 'earlier-record', NULL)
) AS e("at", "action", "source", "consent_text")
WHERE e."at" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "newsletter_consent_events" x WHERE x."subscriber_id" = s."id");
