-- Every instance keeps prices and stock in memory for the price call (src/lib/server/catalog/price-index.ts).
-- Whoever changes them (an order reserving stock, an import, a hand-written UPDATE) tells every instance
-- through NOTIFY storefront_prices: the ids of the products concerned, or '*' when there are too many for
-- one notification. Delivered at commit, so a rolled-back change is never announced.
CREATE FUNCTION "notify_prices_by_product_id"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  SELECT string_agg(DISTINCT c.product_id::text, ',') INTO ids FROM changed c;
  IF ids IS NOT NULL THEN PERFORM pg_notify('storefront_prices', CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "notify_prices_by_id"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  SELECT string_agg(DISTINCT c.id::text, ',') INTO ids FROM changed c;
  IF ids IS NOT NULL THEN PERFORM pg_notify('storefront_prices', CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stock_notify_prices_insert" AFTER INSERT ON "stock" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_prices_by_product_id"();--> statement-breakpoint
ALTER TABLE "stock" ENABLE ALWAYS TRIGGER "stock_notify_prices_insert";--> statement-breakpoint
CREATE TRIGGER "stock_notify_prices_update" AFTER UPDATE ON "stock" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_prices_by_product_id"();--> statement-breakpoint
ALTER TABLE "stock" ENABLE ALWAYS TRIGGER "stock_notify_prices_update";--> statement-breakpoint
CREATE TRIGGER "stock_notify_prices_delete" AFTER DELETE ON "stock" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_prices_by_product_id"();--> statement-breakpoint
ALTER TABLE "stock" ENABLE ALWAYS TRIGGER "stock_notify_prices_delete";--> statement-breakpoint
CREATE TRIGGER "prices_notify_prices_insert" AFTER INSERT ON "prices" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_prices_by_product_id"();--> statement-breakpoint
ALTER TABLE "prices" ENABLE ALWAYS TRIGGER "prices_notify_prices_insert";--> statement-breakpoint
CREATE TRIGGER "prices_notify_prices_update" AFTER UPDATE ON "prices" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_prices_by_product_id"();--> statement-breakpoint
ALTER TABLE "prices" ENABLE ALWAYS TRIGGER "prices_notify_prices_update";--> statement-breakpoint
CREATE TRIGGER "prices_notify_prices_delete" AFTER DELETE ON "prices" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_prices_by_product_id"();--> statement-breakpoint
ALTER TABLE "prices" ENABLE ALWAYS TRIGGER "prices_notify_prices_delete";--> statement-breakpoint
CREATE TRIGGER "products_notify_prices_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_prices_by_id"();--> statement-breakpoint
ALTER TABLE "products" ENABLE ALWAYS TRIGGER "products_notify_prices_insert";--> statement-breakpoint
CREATE TRIGGER "products_notify_prices_update" AFTER UPDATE ON "products" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_prices_by_id"();--> statement-breakpoint
ALTER TABLE "products" ENABLE ALWAYS TRIGGER "products_notify_prices_update";--> statement-breakpoint
CREATE TRIGGER "products_notify_prices_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "notify_prices_by_id"();--> statement-breakpoint
ALTER TABLE "products" ENABLE ALWAYS TRIGGER "products_notify_prices_delete";