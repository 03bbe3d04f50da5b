CREATE TABLE "cache_tags" (
	"tag" text PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publish_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"source" text NOT NULL,
	"changes" jsonb NOT NULL,
	"tags" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "publish_events_id_idx" ON "publish_events" USING btree ("id");