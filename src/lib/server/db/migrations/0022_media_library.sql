-- The media library of the editor workspace: one row per picture, stored once by the digest of its bytes.
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"digest" text NOT NULL,
	"ext" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"name" text NOT NULL,
	"alt" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "media_digest_idx" ON "media" USING btree ("digest");