-- A special price may run until a last day (inclusive, a UTC calendar date; null: until further notice),
-- as catalogues date their offers and merchant listings want it (schema.org priceValidUntil). An ended
-- special stays in its row; every price read leaves it out (src/lib/catalog/special-price.ts).
ALTER TABLE "prices" ADD COLUMN "special_until" date;
