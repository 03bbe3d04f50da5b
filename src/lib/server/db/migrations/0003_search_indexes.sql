DROP INDEX "product_translations_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "product_translations_name_trgm_de_idx" ON "product_translations" USING gin ("name" gin_trgm_ops) WHERE locale = 'de';--> statement-breakpoint
CREATE INDEX "product_translations_name_trgm_en_idx" ON "product_translations" USING gin ("name" gin_trgm_ops) WHERE locale = 'en';--> statement-breakpoint
CREATE INDEX "product_translations_name_trgm_fr_idx" ON "product_translations" USING gin ("name" gin_trgm_ops) WHERE locale = 'fr';--> statement-breakpoint
CREATE INDEX "product_translations_name_trgm_es_idx" ON "product_translations" USING gin ("name" gin_trgm_ops) WHERE locale = 'es';--> statement-breakpoint
CREATE INDEX "product_translations_name_trgm_it_idx" ON "product_translations" USING gin ("name" gin_trgm_ops) WHERE locale = 'it';--> statement-breakpoint
CREATE INDEX "products_original_idx" ON "products" USING btree ("original_id");--> statement-breakpoint
CREATE INDEX "products_search_rank_idx" ON "products" USING btree (coalesce("parent_id", 0),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_active";