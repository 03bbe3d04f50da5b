-- The price index reads each product's prices (src/lib/server/catalog/price-index-store.ts), the cart
-- and the product page too, by product id alone; the primary key starts with the price list, so every
-- such read scanned the key from its start. At 12,000 imported products the price index took 11.5 s to
-- build and a 10,000-item stock call 10.6 s until the price call showed it.
CREATE INDEX "prices_product_idx" ON "prices" USING btree ("product_id");
