-- Customer item numbers (issue 37, item 3): a company's own material number per product, searchable and on every document.
CREATE TABLE "customer_item_numbers" (
	"customer_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_item_numbers_customer_id_product_id_pk" PRIMARY KEY("customer_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "customer_item_numbers" ADD CONSTRAINT "customer_item_numbers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_item_numbers" ADD CONSTRAINT "customer_item_numbers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_item_numbers_number_idx" ON "customer_item_numbers" USING btree ("customer_id",lower("number"));--> statement-breakpoint
CREATE INDEX "customer_item_numbers_product_idx" ON "customer_item_numbers" USING btree ("product_id");
