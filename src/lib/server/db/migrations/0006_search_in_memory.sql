-- Keyword search moved into each instance's memory (src/lib/server/catalog/search-index.ts): the
-- trigram indexes and the word list served the old SQL search only and cost every name write.
-- product_search stays: the folded names the index is built from, kept by the same trigger.
CREATE OR REPLACE FUNCTION "product_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_search" ("product_id", "locale", "search_name")
    SELECT n.product_id, n.locale, (' ' || regexp_replace(translate(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(n.name), 'ä', 'ae'), 'Ä', 'ae'), 'ö', 'oe'), 'Ö', 'oe'), 'ü', 'ue'), 'Ü', 'ue'), 'ß', 'ss'), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'àáâãåāçèéêëēìíîïñòóôõøōùúûýÿÀÁÂÃÅĀÇÈÉÊËĒÌÍÎÏÑÒÓÔÕØŌÙÚÛÝŸ', 'aaaaaaceeeeeiiiinoooooouuuyyaaaaaaceeeeeiiiinoooooouuuyy'), '[^a-z0-9]+', ' ', 'g') || ' ') FROM new_rows n
    ON CONFLICT ("product_id", "locale") DO UPDATE SET "search_name" = excluded."search_name";
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "category_search_words_insert" ON "category_translations";--> statement-breakpoint
DROP TRIGGER "category_search_words_update" ON "category_translations";--> statement-breakpoint
DROP FUNCTION "category_search_words_sync"();--> statement-breakpoint
DROP TABLE "search_words" CASCADE;--> statement-breakpoint
DROP INDEX "category_translations_search_trgm_idx";--> statement-breakpoint
DROP INDEX "product_search_trgm_de_idx";--> statement-breakpoint
DROP INDEX "product_search_trgm_en_idx";--> statement-breakpoint
DROP INDEX "product_search_trgm_fr_idx";--> statement-breakpoint
DROP INDEX "product_search_trgm_es_idx";--> statement-breakpoint
DROP INDEX "product_search_trgm_it_idx";--> statement-breakpoint
DROP INDEX "products_itemnum_trgm_idx";--> statement-breakpoint
DROP INDEX "products_search_rank_idx";