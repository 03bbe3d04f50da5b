-- Company accounts (issue 36): a customer is a company with users, each with their own sign-in and a role.
-- Every existing customer becomes a one-user company: its e-mail and password hash move to its primary user,
-- an admin. The primary user keeps the customer's id, so sessions, refresh tokens and password links issued
-- before this migration name a user that exists and stay valid; the customer's e-mail stays the company's
-- contact address (and its primary user's sign-in, kept equal by the trigger below).
CREATE TABLE "customer_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_users_role_known" CHECK ("customer_users"."role" IN ('admin', 'buyer', 'approver', 'viewer')),
	CONSTRAINT "customer_users_status_known" CHECK ("customer_users"."status" IN ('active', 'invited', 'disabled'))
);
--> statement-breakpoint
ALTER TABLE "customer_users" ADD CONSTRAINT "customer_users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_users_email_lower_idx" ON "customer_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "customer_users_customer_idx" ON "customer_users" USING btree ("customer_id");--> statement-breakpoint
INSERT INTO "customer_users" ("id", "customer_id", "email", "password_hash", "name", "role", "status", "created_at", "updated_at")
	SELECT "id", "id", "email", "password_hash", trim("first_name" || ' ' || "last_name"), 'admin', 'active', "created_at", now()
	FROM "customers";--> statement-breakpoint
UPDATE "customers" SET "password_hash" = NULL WHERE "password_hash" IS NOT NULL;--> statement-breakpoint
-- Every way a customer is created (registration, checkout, import, demo seed) inserts the customer with its
-- e-mail and password hash; this trigger turns that into the company's primary admin user and keeps no
-- second copy of the hash on the customer. An e-mail change of the customer is its primary user's too.
CREATE FUNCTION "customers_primary_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "customer_users" ("id", "customer_id", "email", "password_hash", "name", "role", "status")
		VALUES (NEW."id", NEW."id", NEW."email", NEW."password_hash", trim(NEW."first_name" || ' ' || NEW."last_name"), 'admin', 'active');
		IF NEW."password_hash" IS NOT NULL THEN
			UPDATE "customers" SET "password_hash" = NULL WHERE "id" = NEW."id";
		END IF;
	ELSIF NEW."email" IS DISTINCT FROM OLD."email" THEN
		UPDATE "customer_users" SET "email" = NEW."email", "updated_at" = now() WHERE "id" = NEW."id";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_primary_user_insert" AFTER INSERT ON "customers" FOR EACH ROW EXECUTE FUNCTION "customers_primary_user"();--> statement-breakpoint
CREATE TRIGGER "customers_primary_user_email" AFTER UPDATE OF "email" ON "customers" FOR EACH ROW EXECUTE FUNCTION "customers_primary_user"();--> statement-breakpoint
-- Sessions and password links belong to a user now; the primary user's id is the customer's, so the rows stay right.
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "refresh_tokens" RENAME COLUMN "customer_id" TO "user_id";--> statement-breakpoint
ALTER INDEX "refresh_tokens_customer_idx" RENAME TO "refresh_tokens_user_idx";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_customer_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" DROP CONSTRAINT "password_tokens_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "password_tokens" RENAME COLUMN "customer_id" TO "user_id";--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_user_id_customer_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Who placed an order: the company's orders are the customer's, a buyer without "see all orders" sees their own.
ALTER TABLE "orders" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_customer_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customer_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "orders" SET "user_id" = "customer_id" WHERE "customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");
