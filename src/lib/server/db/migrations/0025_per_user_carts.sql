-- Carts and wishlists are per user (issue 36): two users of one company each keep their own, while prices,
-- the price list, tax settings and addresses stay the company's. Every existing cart and wishlist goes to
-- its company's primary user, whose id is the customer's (migration 0023), so nothing is lost.
ALTER TABLE "carts" ADD COLUMN "user_id" uuid;--> statement-breakpoint
UPDATE "carts" SET "user_id" = "customer_id" WHERE "customer_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_customer_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customer_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carts_user_idx" ON "carts" USING btree ("user_id");--> statement-breakpoint
-- The pointer to the cart a signed-in request uses moves from the company to its user.
ALTER TABLE "customer_users" ADD COLUMN "active_cart_id" uuid;--> statement-breakpoint
UPDATE "customer_users" SET "active_cart_id" = "customers"."active_cart_id"
	FROM "customers" WHERE "customers"."id" = "customer_users"."id" AND "customers"."active_cart_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "active_cart_id";--> statement-breakpoint
-- A wishlist row names its user; the primary user's id is the customer's, so the values stay right.
ALTER TABLE "wishlist_items" DROP CONSTRAINT "wishlist_items_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "wishlist_items" RENAME COLUMN "customer_id" TO "user_id";--> statement-breakpoint
ALTER TABLE "wishlist_items" RENAME CONSTRAINT "wishlist_items_customer_id_product_id_pk" TO "wishlist_items_user_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_customer_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customer_users"("id") ON DELETE cascade ON UPDATE no action;
