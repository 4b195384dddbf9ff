CREATE TABLE "search_counts" (
	"day" date NOT NULL,
	"term" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"no_results" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_counts_day_term_pk" PRIMARY KEY("day","term")
);
--> statement-breakpoint
CREATE INDEX "posts_title_trgm_idx" ON "posts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_excerpt_trgm_idx" ON "posts" USING gin ("excerpt" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_content_fts_idx" ON "posts" USING gin (to_tsvector('english', "content"));