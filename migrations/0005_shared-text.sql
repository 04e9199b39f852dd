CREATE TABLE "text_update" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL,
	"preference_id" text NOT NULL,
	"note_id" text,
	"data" text NOT NULL,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "text_update" ADD CONSTRAINT "text_update_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_update" ADD CONSTRAINT "text_update_preference_id_preference_id_fk" FOREIGN KEY ("preference_id") REFERENCES "public"."preference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_update" ADD CONSTRAINT "text_update_note_id_note_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."note"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_update" ADD CONSTRAINT "text_update_created_by_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "text_update_preference_id_idx" ON "text_update" USING btree ("preference_id");--> statement-breakpoint
CREATE INDEX "text_update_note_id_idx" ON "text_update" USING btree ("note_id");