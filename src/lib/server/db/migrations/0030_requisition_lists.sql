-- Requisition lists (issue 37, item 2): a buyer's named lists of products with quantities and notes, shareable within the company.
CREATE TABLE "requisition_list_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "requisition_list_lines_quantity_check" CHECK ("requisition_list_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "requisition_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sharing" text DEFAULT 'private' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requisition_lists_sharing_check" CHECK ("requisition_lists"."sharing" IN ('private', 'read', 'edit'))
);
--> statement-breakpoint
ALTER TABLE "requisition_list_lines" ADD CONSTRAINT "requisition_list_lines_list_id_requisition_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."requisition_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_list_lines" ADD CONSTRAINT "requisition_list_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_lists" ADD CONSTRAINT "requisition_lists_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_lists" ADD CONSTRAINT "requisition_lists_owner_id_customer_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."customer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "requisition_list_lines_product_idx" ON "requisition_list_lines" USING btree ("list_id","product_id");--> statement-breakpoint
CREATE INDEX "requisition_list_lines_position_idx" ON "requisition_list_lines" USING btree ("list_id","position");--> statement-breakpoint
CREATE INDEX "requisition_list_lines_product_id_idx" ON "requisition_list_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "requisition_lists_owner_idx" ON "requisition_lists" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "requisition_lists_shared_idx" ON "requisition_lists" USING btree ("customer_id") WHERE "requisition_lists"."sharing" <> 'private';