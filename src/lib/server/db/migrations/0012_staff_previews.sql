ALTER TABLE "staff_sessions" ADD COLUMN "preview_hash" text;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "preview_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_preview_hash_unique" UNIQUE("preview_hash");