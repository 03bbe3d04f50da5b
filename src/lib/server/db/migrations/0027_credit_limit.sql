-- Payment on account (issue 36, item 3): a company's credit limit, in cents of the company's currency. Null is
-- no limit (as before this migration). The open balance it is weighed against is not stored: it is the sum of the
-- company's unpaid, uncancelled invoice orders (src/lib/server/orders/credit.ts), so it cannot drift from them.
ALTER TABLE "customers" ADD COLUMN "credit_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_credit_limit_positive" CHECK ("customers"."credit_limit_cents" >= 0);--> statement-breakpoint
-- The balance sums a company's open invoice orders: an index on exactly those keeps it one index scan.
CREATE INDEX "orders_open_invoice_idx" ON "orders" USING btree ("customer_id", "currency") WHERE "payment_method_code" = 'invoice' AND "status" <> 'cancelled' AND "payment_status" <> 'paid';
--> statement-breakpoint
-- The ERP reports an invoice paid ("paid" status event, docs/erp.md): it lowers the company's open balance.
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_type";--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_type" CHECK ("order_events"."type" IN ('confirmed', 'shipped', 'invoiced', 'paid', 'cancelled', 'credit_note'));
