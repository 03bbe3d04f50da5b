-- Search reads what an import brings besides the name (src/lib/server/catalog/search-index.ts): a
-- product's keywords (BMEcat KEYWORD) are folded into its search words with its name, and the fold
-- itself becomes one function instead of a copy per trigger.
CREATE FUNCTION "search_fold"(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (' ' || regexp_replace(translate(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(value), 'ä', 'ae'), 'Ä', 'ae'), 'ö', 'oe'), 'Ö', 'oe'), 'ü', 'ue'), 'Ü', 'ue'), 'ß', 'ss'), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'àáâãåāçèéêëēìíîïñòóôõøōùúûýÿÀÁÂÃÅĀÇÈÉÊËĒÌÍÎÏÑÒÓÔÕØŌÙÚÛÝŸ', 'aaaaaaceeeeeiiiinoooooouuuyyaaaaaaceeeeeiiiinoooooouuuyy'), '[^a-z0-9]+', ' ', 'g') || ' ')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_search" ("product_id", "locale", "search_name")
    SELECT n.product_id, n.locale, search_fold(n.name || coalesce(' ' || n.keywords, '')) FROM new_rows n
    ON CONFLICT ("product_id", "locale") DO UPDATE SET "search_name" = excluded."search_name";
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE "product_search" s SET "search_name" = search_fold(t.name || ' ' || t.keywords)
  FROM "product_translations" t
  WHERE t.product_id = s.product_id AND t.locale = s.locale AND t.keywords IS NOT NULL;--> statement-breakpoint
-- The price call's notifications (0007) said '*' (rebuild everything) once the ids of one statement
-- passed 7,000 characters, about 1,200 products: an ERP's stock delta of 10,000 items rebuilt the whole
-- index on every instance, seconds at 100,000 products. Now the ids go in notifications of 600 (within
-- NOTIFY's 8,000-byte payload at any id length); '*' only above 20,000 products, where one rebuild is
-- cheaper than reloading them a chunk at a time.
CREATE OR REPLACE FUNCTION "notify_price_ids"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE chunk text;
BEGIN
  IF cardinality(ids) > 20000 THEN
    PERFORM pg_notify('storefront_prices', '*');
    RETURN;
  END IF;
  FOR chunk IN
    SELECT string_agg(id::text, ',') FROM unnest(ids) WITH ORDINALITY AS u(id, n) GROUP BY (n - 1) / 600
  LOOP
    PERFORM pg_notify('storefront_prices', chunk);
  END LOOP;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_prices_by_product_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_price_ids(array(SELECT DISTINCT c.product_id FROM changed c));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_prices_by_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_price_ids(array(SELECT DISTINCT c.id FROM changed c));
  RETURN NULL;
END $$;
