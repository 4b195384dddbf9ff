CREATE TABLE "toy_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"toy_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_clicks" DROP CONSTRAINT "affiliate_clicks_toy_id_toys_id_fk";--> statement-breakpoint
-- The placements got the names the dashboard shows (domain/placements.ts): the catalogue and
-- the toy's own page. Rows that now share a key are added up.
INSERT INTO "affiliate_clicks" ("toy_id", "placement", "day", "clicks")
  SELECT "toy_id", CASE "placement" WHEN 'products' THEN 'catalogue' ELSE 'toy-page' END, "day", "clicks"
  FROM "affiliate_clicks" WHERE "placement" IN ('products', 'product-detail')
  ON CONFLICT ("toy_id", "placement", "day") DO UPDATE SET "clicks" = "affiliate_clicks"."clicks" + excluded."clicks";--> statement-breakpoint
DELETE FROM "affiliate_clicks" WHERE "placement" IN ('products', 'product-detail');
--> statement-breakpoint
ALTER TABLE "breed_recommendations" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "breeds" ADD COLUMN "slug" text;--> statement-breakpoint
-- Existing rows get the slug the app would generate (lowercase, punctuation dropped, spaces to
-- hyphens); a name that repeats one gets its id appended, so every slug is unique.
UPDATE "breeds" AS t SET "slug" = s.slug FROM (
  SELECT id, CASE WHEN row_number() OVER (PARTITION BY base ORDER BY id) > 1 THEN base || '-' || id ELSE base END AS slug
  FROM (
    SELECT id, coalesce(nullif(trim(both '-' from regexp_replace(regexp_replace(lower(name), '[^a-z0-9\s-]', '', 'g'), '[\s-]+', '-', 'g')), ''), 'breed') AS base
    FROM "breeds"
  ) AS named
) AS s WHERE t.id = s.id;--> statement-breakpoint
ALTER TABLE "breeds" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "breeds" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reviewed_toy_id" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "review_rating" numeric(2, 1);--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- An existing post was last changed, as far as anyone knows, when it was published.
UPDATE "posts" SET "updated_at" = "published_at";--> statement-breakpoint
ALTER TABLE "toys" ADD COLUMN "slug" text;--> statement-breakpoint
-- Existing rows get the slug the app would generate (lowercase, punctuation dropped, spaces to
-- hyphens); a name that repeats one gets its id appended, so every slug is unique.
UPDATE "toys" AS t SET "slug" = s.slug FROM (
  SELECT id, CASE WHEN row_number() OVER (PARTITION BY base ORDER BY id) > 1 THEN base || '-' || id ELSE base END AS slug
  FROM (
    SELECT id, coalesce(nullif(trim(both '-' from regexp_replace(regexp_replace(lower(name), '[^a-z0-9\s-]', '', 'g'), '[\s-]+', '-', 'g')), ''), 'toy') AS base
    FROM "toys"
  ) AS named
) AS s WHERE t.id = s.id;--> statement-breakpoint
ALTER TABLE "toys" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "toys" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "toy_slug_history" ADD CONSTRAINT "toy_slug_history_toy_id_toys_id_fk" FOREIGN KEY ("toy_id") REFERENCES "public"."toys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "toy_slug_history_toy_id_idx" ON "toy_slug_history" USING btree ("toy_id");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_reviewed_toy_id_toys_id_fk" FOREIGN KEY ("reviewed_toy_id") REFERENCES "public"."toys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_reviewed_toy_id_idx" ON "posts" USING btree ("reviewed_toy_id");--> statement-breakpoint
ALTER TABLE "breeds" ADD CONSTRAINT "breeds_slug_unique" UNIQUE("slug");--> statement-breakpoint
ALTER TABLE "toys" ADD CONSTRAINT "toys_slug_unique" UNIQUE("slug");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_review_rating_check" CHECK ("posts"."review_rating" between 1 and 5);