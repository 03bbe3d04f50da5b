-- The ERP export (GET /api/admin/orders) pages through orders in the order they last changed, with
-- (last_modified, id) as its cursor.
CREATE INDEX "orders_modified_idx" ON "orders" USING btree ("last_modified","id");