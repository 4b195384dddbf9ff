CREATE TABLE "breed_recommendations" (
	"id" serial PRIMARY KEY NOT NULL,
	"breed_id" integer NOT NULL,
	"toy_id" integer NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "breeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"size" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text,
	CONSTRAINT "breeds_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"icon" text,
	"image_url" text,
	CONSTRAINT "categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text NOT NULL,
	"content" text NOT NULL,
	"image_url" text,
	"author_name" text,
	"author_image_url" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reading_time" integer DEFAULT 5 NOT NULL,
	"post_type" text DEFAULT 'review' NOT NULL,
	"category_id" integer,
	CONSTRAINT "posts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "posts_post_type_check" CHECK ("posts"."post_type" in ('review', 'guide', 'comparison')),
	CONSTRAINT "posts_reading_time_check" CHECK ("posts"."reading_time" >= 1)
);
--> statement-breakpoint
CREATE TABLE "quiz_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"dog_size" text NOT NULL,
	"dog_age" text NOT NULL,
	"chew_style" text NOT NULL,
	"play_style" text NOT NULL,
	"toy_purpose" text NOT NULL,
	"has_consented" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"dog_breed" text NOT NULL,
	"content" text NOT NULL,
	"rating" integer NOT NULL,
	"image_url" text,
	CONSTRAINT "testimonials_rating_check" CHECK ("testimonials"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "toy_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"toy_id" integer NOT NULL,
	"category_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "toys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"details" text NOT NULL,
	"price" text NOT NULL,
	"rating" text DEFAULT '4.5' NOT NULL,
	"image_url" text,
	"is_top_pick" boolean DEFAULT false NOT NULL,
	"category_id" integer,
	"amazon_url" text,
	"amazon_asin" text,
	"affiliate_url" text,
	"affiliate_code" text,
	"price_discount" text,
	"in_stock" boolean DEFAULT true NOT NULL,
	"is_prime_eligible" boolean DEFAULT false NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"material_type" text,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"age_recommendation" text,
	"suitable_for" text,
	"price_value" numeric(10, 2) GENERATED ALWAYS AS (case when regexp_replace(price, '[$,[:space:]]', '', 'g') ~ '^[0-9]{1,8}(\.[0-9]{1,2})?$' then regexp_replace(price, '[$,[:space:]]', '', 'g')::numeric(10, 2) end) STORED,
	"rating_value" numeric(2, 1) GENERATED ALWAYS AS (case when rating ~ '^[0-9](\.[0-9])?$' then rating::numeric(2, 1) end) STORED
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "visitor_stats" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date DEFAULT current_date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"unique_visitors" integer DEFAULT 0 NOT NULL,
	"avg_time_on_site" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visitor_stats_date_unique" UNIQUE("date")
);
--> statement-breakpoint
ALTER TABLE "breed_recommendations" ADD CONSTRAINT "breed_recommendations_breed_id_breeds_id_fk" FOREIGN KEY ("breed_id") REFERENCES "public"."breeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breed_recommendations" ADD CONSTRAINT "breed_recommendations_toy_id_toys_id_fk" FOREIGN KEY ("toy_id") REFERENCES "public"."toys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toy_categories" ADD CONSTRAINT "toy_categories_toy_id_toys_id_fk" FOREIGN KEY ("toy_id") REFERENCES "public"."toys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toy_categories" ADD CONSTRAINT "toy_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toys" ADD CONSTRAINT "toys_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "breed_recommendations_breed_id_toy_id_key" ON "breed_recommendations" USING btree ("breed_id","toy_id");--> statement-breakpoint
CREATE INDEX "breed_recommendations_toy_id_idx" ON "breed_recommendations" USING btree ("toy_id");--> statement-breakpoint
CREATE INDEX "posts_published_at_idx" ON "posts" USING btree ("published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_post_type_published_at_idx" ON "posts" USING btree ("post_type","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_category_id_idx" ON "posts" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "quiz_submissions_created_at_idx" ON "quiz_submissions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quiz_submissions_email_idx" ON "quiz_submissions" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "toy_categories_toy_id_category_id_key" ON "toy_categories" USING btree ("toy_id","category_id");--> statement-breakpoint
CREATE INDEX "toy_categories_category_id_idx" ON "toy_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "toys_is_top_pick_idx" ON "toys" USING btree ("is_top_pick");--> statement-breakpoint
CREATE INDEX "toys_category_id_idx" ON "toys" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "toys_name_idx" ON "toys" USING btree ("name");--> statement-breakpoint
CREATE INDEX "toys_price_value_idx" ON "toys" USING btree ("price_value");--> statement-breakpoint
CREATE INDEX "toys_rating_value_idx" ON "toys" USING btree ("rating_value" DESC NULLS LAST);