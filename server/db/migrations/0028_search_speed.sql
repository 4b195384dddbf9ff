CREATE TABLE "search_documents" (
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"words" "tsvector" NOT NULL,
	"title" "tsvector" NOT NULL,
	"summary" "tsvector" NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "search_documents_kind_item_id_pk" PRIMARY KEY("kind","item_id"),
	CONSTRAINT "search_documents_kind_check" CHECK ("search_documents"."kind" in ('post', 'toy', 'breed'))
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_words_word_unique" UNIQUE("word")
);
--> statement-breakpoint
DROP INDEX "posts_content_fts_idx";--> statement-breakpoint
CREATE INDEX "search_documents_words_idx" ON "search_documents" USING gin ("words") WITH (fastupdate=false);--> statement-breakpoint
-- Hand-written below (drizzle cannot express functions or triggers): the database keeps the site
-- search's index itself (decision 062), so that every write path, the editors, imports, syncs,
-- the trash, seeds and plain SQL alike, leaves it current. Words are split and lower-cased by the
-- 'simple' configuration (no stemming, no stop words): the search service finds a query word's
-- other forms and typos among search_words instead.
CREATE FUNCTION search_document_save(doc_kind text, doc_item_id integer, title_text text, summary_text text,
  body_text text, doc_published_at timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  title_words tsvector := strip(to_tsvector('simple', coalesce(title_text, '')));
  summary_words tsvector := strip(to_tsvector('simple', coalesce(summary_text, '')));
  body_words tsvector := strip(to_tsvector('simple', coalesce(body_text, '')));
  all_words tsvector := title_words || summary_words || body_words;
BEGIN
  INSERT INTO search_documents (kind, item_id, words, title, summary, published_at)
  VALUES (doc_kind, doc_item_id, all_words, title_words, summary_words, doc_published_at)
  ON CONFLICT (kind, item_id) DO UPDATE
    SET words = excluded.words, title = excluded.title, summary = excluded.summary,
        published_at = excluded.published_at;
  -- only words not known yet take a number; in one order, so that two saves adding the same new
  -- words cannot each wait for the other
  INSERT INTO search_words (word)
  SELECT new_word.word FROM unnest(tsvector_to_array(all_words)) AS new_word(word)
   WHERE new_word.word ~ '^[[:alnum:]]+$'
     AND NOT EXISTS (SELECT 1 FROM search_words known WHERE known.word = new_word.word)
   ORDER BY new_word.word
  ON CONFLICT (word) DO NOTHING;
END $$;--> statement-breakpoint
CREATE FUNCTION search_document_remove(doc_kind text, doc_item_id integer)
RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_documents WHERE kind = doc_kind AND item_id = doc_item_id;
$$;--> statement-breakpoint
-- a post is searched once published and out of the trash (found from its publication time on);
-- its text without Markdown link targets, whose addresses are no words anyone reads
CREATE FUNCTION posts_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_document_remove('post', OLD.id);
  ELSIF NEW.status = 'published' AND NEW.deleted_at IS NULL AND NEW.published_at IS NOT NULL THEN
    PERFORM search_document_save('post', NEW.id, NEW.title, NEW.excerpt,
      regexp_replace(NEW.content, '\]\([^)]*\)', ']', 'g'), NEW.published_at);
  ELSE
    PERFORM search_document_remove('post', NEW.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER posts_search_document AFTER INSERT OR DELETE OR UPDATE OF title, excerpt, content, status, deleted_at, published_at
  ON posts FOR EACH ROW EXECUTE FUNCTION posts_search_document();--> statement-breakpoint
-- a toy is searched while published and out of the trash
CREATE FUNCTION toys_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_document_remove('toy', OLD.id);
  ELSIF NEW.status = 'published' AND NEW.deleted_at IS NULL THEN
    PERFORM search_document_save('toy', NEW.id, NEW.name, NEW.description, NULL, NULL);
  ELSE
    PERFORM search_document_remove('toy', NEW.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER toys_search_document AFTER INSERT OR DELETE OR UPDATE OF name, description, status, deleted_at
  ON toys FOR EACH ROW EXECUTE FUNCTION toys_search_document();--> statement-breakpoint
CREATE FUNCTION breeds_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_document_remove('breed', OLD.id);
  ELSE
    PERFORM search_document_save('breed', NEW.id, NEW.name, NEW.description, NULL, NULL);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER breeds_search_document AFTER INSERT OR DELETE OR UPDATE OF name, description
  ON breeds FOR EACH ROW EXECUTE FUNCTION breeds_search_document();--> statement-breakpoint
-- the rows stored before this migration, through the same triggers: one definition of what is searched
UPDATE posts SET status = status;--> statement-breakpoint
UPDATE toys SET status = status;--> statement-breakpoint
UPDATE breeds SET name = name;
