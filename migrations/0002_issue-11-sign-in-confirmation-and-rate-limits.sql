CREATE TABLE "private"."rate_event" (
	"id" text PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "private"."magic_link_challenge" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "private"."magic_link_challenge" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "private"."magic_link_challenge" ADD COLUMN "cancelled_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "rate_event_bucket_subject_created_idx" ON "private"."rate_event" USING btree ("bucket","subject","created_at");