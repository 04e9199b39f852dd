CREATE TABLE "private"."account_deletion" (
	"person_id" text PRIMARY KEY NOT NULL,
	"requested_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"also_delete" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "private"."data_export" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"bytes" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "data_export_status" CHECK ("private"."data_export"."status" in ('building', 'ready', 'failed')),
	CONSTRAINT "data_export_progress" CHECK ("private"."data_export"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "private"."account_deletion" ADD CONSTRAINT "account_deletion_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private"."data_export" ADD CONSTRAINT "data_export_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_export_person_id_idx" ON "private"."data_export" USING btree ("person_id");