-- Budgets and order approval (issue 36, item 2). A company user may have an order limit and a monthly budget,
-- a company a monthly budget (null: none; amounts in cents of the order's currency, as the order caps). An order
-- beyond one of them is stored as 'awaiting_approval': it holds its stock, but nothing goes to the ERP or the
-- outbox and nothing is paid until an approver decides. approval_reasons says why it waits (null: it never
-- needed approval); the decision, who made it, when and with what comment are kept with the order.
ALTER TABLE "customer_users" ADD COLUMN "order_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "customer_users" ADD COLUMN "monthly_budget_cents" integer;--> statement-breakpoint
ALTER TABLE "customer_users" ADD CONSTRAINT "customer_users_budgets_positive" CHECK ("customer_users"."order_limit_cents" >= 0 AND "customer_users"."monthly_budget_cents" >= 0);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "monthly_budget_cents" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_monthly_budget_positive" CHECK ("customers"."monthly_budget_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_decision" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_decided_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_comment" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_approval_decided_by_customer_users_id_fk" FOREIGN KEY ("approval_decided_by") REFERENCES "public"."customer_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_approval_decision_known" CHECK ("orders"."approval_decision" IN ('approved', 'rejected', 'expired'));--> statement-breakpoint
-- The Approvals page lists a company's waiting orders; the expiry job walks them oldest first.
CREATE INDEX "orders_awaiting_approval_idx" ON "orders" USING btree ("customer_id", "created_at") WHERE "orders"."status" = 'awaiting_approval';--> statement-breakpoint
-- The monthly spend sums a company's orders of the month.
CREATE INDEX "orders_customer_spend_idx" ON "orders" USING btree ("customer_id", "created_at") WHERE "orders"."status" <> 'cancelled';
