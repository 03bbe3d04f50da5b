-- Ordering on behalf (issue 36, item 4): a sales staff member opens a company user's session from the workspace.
-- The session is an ordinary refresh-token family; this row says whose it is and who opened it, and ends it.
CREATE TABLE "on_behalf_sessions" (
	"family_id" uuid PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "on_behalf_sessions" ADD CONSTRAINT "on_behalf_sessions_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_behalf_sessions" ADD CONSTRAINT "on_behalf_sessions_user_id_customer_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "on_behalf_sessions_staff_idx" ON "on_behalf_sessions" USING btree ("staff_id","started_at");
