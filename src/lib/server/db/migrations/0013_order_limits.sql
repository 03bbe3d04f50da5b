CREATE TABLE "order_stock_holds" (
	"order_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"effective" integer NOT NULL,
	"external" integer NOT NULL,
	CONSTRAINT "order_stock_holds_order_id_product_id_pk" PRIMARY KEY("order_id","product_id"),
	CONSTRAINT "order_stock_holds_positive" CHECK ("order_stock_holds"."effective" >= 0 AND "order_stock_holds"."external" >= 0)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "max_order_total_cents" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "max_open_orders" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "order_stock_holds" ADD CONSTRAINT "order_stock_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_stock_holds" ADD CONSTRAINT "order_stock_holds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_stock_holds_product_idx" ON "order_stock_holds" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_open_client_idx" ON "orders" USING btree ("client_key","created_at") WHERE "orders"."status" <> 'cancelled' AND "orders"."payment_status" <> 'paid';--> statement-breakpoint
CREATE INDEX "orders_open_email_idx" ON "orders" USING btree (lower("email"),"created_at") WHERE "orders"."status" <> 'cancelled' AND "orders"."payment_status" <> 'paid';--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_order_limits_positive" CHECK ("customers"."max_order_total_cents" >= 0 AND "customers"."max_open_orders" >= 0);