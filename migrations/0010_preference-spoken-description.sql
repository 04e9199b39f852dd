ALTER TABLE "preference" ADD COLUMN "spoken_media_id" text;--> statement-breakpoint
ALTER TABLE "preference" ADD CONSTRAINT "preference_spoken_media_id_media_id_fk" FOREIGN KEY ("spoken_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preference_spoken_media_id_idx" ON "preference" USING btree ("spoken_media_id");