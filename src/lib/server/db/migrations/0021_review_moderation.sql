-- Review moderation in the workspace: a rejection's reason, the shop's reply (shown with the published
-- review), the queue's index; the audit page's indexes: newest first per actor or action, and a trigram
-- index for its free-text search (the expression is AUDIT_SEARCH_TEXT in schema/staff.ts, word for word).
ALTER TABLE "reviews" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reviews_status_updated_idx" ON "reviews" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_log_search_idx" ON "audit_log" USING gin ((actor || ' ' || action || ' ' || target || ' ' || coalesce(details::text, '')) gin_trgm_ops);
