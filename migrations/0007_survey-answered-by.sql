-- Who gave a check-in survey's answers (issue 15): the person, or a Supporter
-- who helped them in a support session. Nullable: no rows exist yet, and a
-- row outlives the person who answered (set null), as other person refs do.
ALTER TABLE "survey_response" ADD COLUMN "answered_by" text;--> statement-breakpoint
ALTER TABLE "survey_response" ADD CONSTRAINT "survey_response_answered_by_person_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;