DROP INDEX "posts_content_trgm_idx";--> statement-breakpoint
CREATE INDEX "posts_content_fts_idx" ON "posts" USING gin (to_tsvector('english', "content"));