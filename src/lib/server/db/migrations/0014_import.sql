CREATE TABLE "price_tiers" (
	"price_list_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"currency" text NOT NULL,
	"min_quantity" integer NOT NULL,
	"cents" integer NOT NULL,
	CONSTRAINT "price_tiers_price_list_id_product_id_currency_min_quantity_pk" PRIMARY KEY("price_list_id","product_id","currency","min_quantity"),
	CONSTRAINT "price_tiers_valid" CHECK ("price_tiers"."min_quantity" > 1 AND "price_tiers"."cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text,
	"check_only" boolean DEFAULT false NOT NULL,
	"strict" boolean DEFAULT false NOT NULL,
	"actor" text NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"report" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN "keywords" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer_pid" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "order_unit" text DEFAULT 'C62' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "content_unit" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "units_per_order_unit" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "quantity_step" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "delivery_days" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_percent" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "classification" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "documents" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "import_digest" text;--> statement-breakpoint
ALTER TABLE "price_tiers" ADD CONSTRAINT "price_tiers_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tiers" ADD CONSTRAINT "price_tiers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_tiers_product_idx" ON "price_tiers" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "imports_started_idx" ON "imports" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_external_idx" ON "categories" USING btree ("external_id");