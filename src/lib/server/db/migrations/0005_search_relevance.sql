CREATE TABLE "product_search" (
	"product_id" integer NOT NULL,
	"locale" text NOT NULL,
	"search_name" text NOT NULL,
	CONSTRAINT "product_search_product_id_locale_pk" PRIMARY KEY("product_id","locale")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"locale" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_words_locale_word_pk" PRIMARY KEY("locale","word")
);
--> statement-breakpoint
DROP INDEX "category_translations_name_trgm_idx";--> statement-breakpoint
DROP INDEX "product_translations_name_trgm_de_idx";--> statement-breakpoint
DROP INDEX "product_translations_name_trgm_en_idx";--> statement-breakpoint
DROP INDEX "product_translations_name_trgm_fr_idx";--> statement-breakpoint
DROP INDEX "product_translations_name_trgm_es_idx";--> statement-breakpoint
DROP INDEX "product_translations_name_trgm_it_idx";--> statement-breakpoint
ALTER TABLE "category_translations" ADD COLUMN "search_name" text GENERATED ALWAYS AS ((' ' || regexp_replace(translate(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(name), 'ä', 'ae'), 'Ä', 'ae'), 'ö', 'oe'), 'Ö', 'oe'), 'ü', 'ue'), 'Ü', 'ue'), 'ß', 'ss'), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'àáâãåāçèéêëēìíîïñòóôõøōùúûýÿÀÁÂÃÅĀÇÈÉÊËĒÌÍÎÏÑÒÓÔÕØŌÙÚÛÝŸ', 'aaaaaaceeeeeiiiinoooooouuuyyaaaaaaceeeeeiiiinoooooouuuyy'), '[^a-z0-9]+', ' ', 'g') || ' ')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_trgm_de_idx" ON "product_search" USING gin ("search_name" gin_trgm_ops) WHERE locale = 'de';--> statement-breakpoint
CREATE INDEX "product_search_trgm_en_idx" ON "product_search" USING gin ("search_name" gin_trgm_ops) WHERE locale = 'en';--> statement-breakpoint
CREATE INDEX "product_search_trgm_fr_idx" ON "product_search" USING gin ("search_name" gin_trgm_ops) WHERE locale = 'fr';--> statement-breakpoint
CREATE INDEX "product_search_trgm_es_idx" ON "product_search" USING gin ("search_name" gin_trgm_ops) WHERE locale = 'es';--> statement-breakpoint
CREATE INDEX "product_search_trgm_it_idx" ON "product_search" USING gin ("search_name" gin_trgm_ops) WHERE locale = 'it';--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "category_translations_search_trgm_idx" ON "category_translations" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
-- Kept by triggers rather than by the application: every writer of product names (the demo seed,
-- the publishing webhook, future imports) keeps search in step. ENABLE ALWAYS: the demo seed writes
-- with session_replication_role = replica, which silences ordinary triggers.
CREATE FUNCTION "product_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_search" ("product_id", "locale", "search_name")
    SELECT n.product_id, n.locale, (' ' || regexp_replace(translate(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(n.name), 'ä', 'ae'), 'Ä', 'ae'), 'ö', 'oe'), 'Ö', 'oe'), 'ü', 'ue'), 'Ü', 'ue'), 'ß', 'ss'), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'àáâãåāçèéêëēìíîïñòóôõøōùúûýÿÀÁÂÃÅĀÇÈÉÊËĒÌÍÎÏÑÒÓÔÕØŌÙÚÛÝŸ', 'aaaaaaceeeeeiiiinoooooouuuyyaaaaaaceeeeeiiiinoooooouuuyy'), '[^a-z0-9]+', ' ', 'g') || ' ') FROM new_rows n
    ON CONFLICT ("product_id", "locale") DO UPDATE SET "search_name" = excluded."search_name";
  INSERT INTO "search_words" ("locale", "word")
    SELECT DISTINCT n.locale, w.word FROM new_rows n, unnest(string_to_array(trim((' ' || regexp_replace(translate(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(n.name), 'ä', 'ae'), 'Ä', 'ae'), 'ö', 'oe'), 'Ö', 'oe'), 'ü', 'ue'), 'Ü', 'ue'), 'ß', 'ss'), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'àáâãåāçèéêëēìíîïñòóôõøōùúûýÿÀÁÂÃÅĀÇÈÉÊËĒÌÍÎÏÑÒÓÔÕØŌÙÚÛÝŸ', 'aaaaaaceeeeeiiiinoooooouuuyyaaaaaaceeeeeiiiinoooooouuuyy'), '[^a-z0-9]+', ' ', 'g') || ' ')), ' ')) AS w(word) WHERE length(w.word) >= 3 AND w.word !~ '^[0-9]+$'
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_search_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "product_search" s USING old_rows o WHERE s.product_id = o.product_id AND s.locale = o.locale;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "category_search_words_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("locale", "word")
    SELECT DISTINCT n.locale, w.word FROM new_rows n, unnest(string_to_array(trim(n.search_name), ' ')) AS w(word) WHERE length(w.word) >= 3 AND w.word !~ '^[0-9]+$'
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_search_insert" AFTER INSERT ON "product_translations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_search_sync"();--> statement-breakpoint
CREATE TRIGGER "product_search_update" AFTER UPDATE ON "product_translations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_search_sync"();--> statement-breakpoint
CREATE TRIGGER "product_search_delete" AFTER DELETE ON "product_translations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_search_forget"();--> statement-breakpoint
CREATE TRIGGER "category_search_words_insert" AFTER INSERT ON "category_translations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "category_search_words_sync"();--> statement-breakpoint
CREATE TRIGGER "category_search_words_update" AFTER UPDATE ON "category_translations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "category_search_words_sync"();--> statement-breakpoint
ALTER TABLE "product_translations" ENABLE ALWAYS TRIGGER "product_search_insert";--> statement-breakpoint
ALTER TABLE "product_translations" ENABLE ALWAYS TRIGGER "product_search_update";--> statement-breakpoint
ALTER TABLE "product_translations" ENABLE ALWAYS TRIGGER "product_search_delete";--> statement-breakpoint
ALTER TABLE "category_translations" ENABLE ALWAYS TRIGGER "category_search_words_insert";--> statement-breakpoint
ALTER TABLE "category_translations" ENABLE ALWAYS TRIGGER "category_search_words_update";--> statement-breakpoint
INSERT INTO "product_search" ("product_id", "locale", "search_name") SELECT t.product_id, t.locale, (' ' || regexp_replace(translate(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(t.name), 'ä', 'ae'), 'Ä', 'ae'), 'ö', 'oe'), 'Ö', 'oe'), 'ü', 'ue'), 'Ü', 'ue'), 'ß', 'ss'), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'àáâãåāçèéêëēìíîïñòóôõøōùúûýÿÀÁÂÃÅĀÇÈÉÊËĒÌÍÎÏÑÒÓÔÕØŌÙÚÛÝŸ', 'aaaaaaceeeeeiiiinoooooouuuyyaaaaaaceeeeeiiiinoooooouuuyy'), '[^a-z0-9]+', ' ', 'g') || ' ') FROM "product_translations" t;--> statement-breakpoint
INSERT INTO "search_words" ("locale", "word") SELECT DISTINCT s.locale, w.word FROM "product_search" s, unnest(string_to_array(trim(s.search_name), ' ')) AS w(word) WHERE length(w.word) >= 3 AND w.word !~ '^[0-9]+$' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "search_words" ("locale", "word") SELECT DISTINCT c.locale, w.word FROM "category_translations" c, unnest(string_to_array(trim(c.search_name), ' ')) AS w(word) WHERE length(w.word) >= 3 AND w.word !~ '^[0-9]+$' ON CONFLICT DO NOTHING;--> statement-breakpoint
ANALYZE "product_search";--> statement-breakpoint
ANALYZE "search_words";--> statement-breakpoint
ANALYZE "category_translations";