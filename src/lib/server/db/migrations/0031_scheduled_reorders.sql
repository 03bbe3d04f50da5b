-- Scheduled reorders (issue 37, item 5): a past order (later a requisition list) placed again every N weeks
-- through the checkout's rules. Lines live in their own table with their source; a run and a reminder
-- are claimed once per schedule and due date by their primary keys, so two instances never both act.
CREATE TABLE "scheduled_reorders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"source_order_id" uuid,
	"interval_weeks" integer NOT NULL,
	"next_date" date NOT NULL,
	"end_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"billing_address" jsonb NOT NULL,
	"shipping_method_code" text NOT NULL,
	"payment_method_code" text DEFAULT 'invoice' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_reorders_interval_range" CHECK ("scheduled_reorders"."interval_weeks" BETWEEN 1 AND 52),
	CONSTRAINT "scheduled_reorders_status_known" CHECK ("scheduled_reorders"."status" IN ('active', 'paused', 'ended')),
	CONSTRAINT "scheduled_reorders_invoice_only" CHECK ("scheduled_reorders"."payment_method_code" = 'invoice')
);
--> statement-breakpoint
CREATE TABLE "scheduled_reorder_lines" (
	"schedule_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"source" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"accessory_skus" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "scheduled_reorder_lines_schedule_id_position_pk" PRIMARY KEY("schedule_id","position"),
	CONSTRAINT "scheduled_reorder_lines_quantity_range" CHECK ("scheduled_reorder_lines"."quantity" BETWEEN 1 AND 9999),
	CONSTRAINT "scheduled_reorder_lines_source_known" CHECK ("scheduled_reorder_lines"."source" IN ('order', 'list'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_reorder_runs" (
	"schedule_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"outcome" text NOT NULL,
	"order_id" uuid,
	"report" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"report_sent_at" timestamp with time zone,
	CONSTRAINT "scheduled_reorder_runs_schedule_id_due_date_pk" PRIMARY KEY("schedule_id","due_date"),
	CONSTRAINT "scheduled_reorder_runs_outcome_known" CHECK ("scheduled_reorder_runs"."outcome" IN ('placed', 'awaiting_approval', 'nothing_orderable', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_reorder_reminders" (
	"schedule_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_reorder_reminders_schedule_id_due_date_pk" PRIMARY KEY("schedule_id","due_date")
);
--> statement-breakpoint
ALTER TABLE "scheduled_reorders" ADD CONSTRAINT "scheduled_reorders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_reorders" ADD CONSTRAINT "scheduled_reorders_user_id_customer_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_reorders" ADD CONSTRAINT "scheduled_reorders_source_order_id_orders_id_fk" FOREIGN KEY ("source_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_reorder_lines" ADD CONSTRAINT "scheduled_reorder_lines_schedule_id_scheduled_reorders_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."scheduled_reorders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_reorder_runs" ADD CONSTRAINT "scheduled_reorder_runs_schedule_id_scheduled_reorders_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."scheduled_reorders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_reorder_runs" ADD CONSTRAINT "scheduled_reorder_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_reorder_reminders" ADD CONSTRAINT "scheduled_reorder_reminders_schedule_id_scheduled_reorders_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."scheduled_reorders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_reorders_customer_idx" ON "scheduled_reorders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "scheduled_reorders_due_idx" ON "scheduled_reorders" USING btree ("next_date") WHERE "scheduled_reorders"."status" = 'active';--> statement-breakpoint
CREATE INDEX "scheduled_reorder_runs_unsent_idx" ON "scheduled_reorder_runs" USING btree ("ran_at") WHERE "scheduled_reorder_runs"."report_sent_at" IS NULL;
