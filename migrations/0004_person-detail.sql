-- A person's personal details leave the `person` row (issue 11): zero-cache
-- sends every column of a replicated row to whoever may read the row, and
-- everyone linked to a person reads their `person` row, while only the person
-- and their Administrator in a support session may read these details.
CREATE TABLE "person_detail" (
	"person_id" text PRIMARY KEY NOT NULL,
	"pronouns" "pronouns",
	"pronouns_other" text,
	"bio" text,
	"phone" text,
	"email" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "person_detail" ADD CONSTRAINT "person_detail_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_detail" ADD CONSTRAINT "person_detail_created_by_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_detail" ADD CONSTRAINT "person_detail_updated_by_person_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every person gets their details row, holding what their person row held,
-- before those columns go.
INSERT INTO "person_detail" ("person_id", "pronouns", "pronouns_other", "bio", "phone", "email",
                             "created_at", "created_by", "updated_at", "updated_by")
  SELECT "id", "pronouns", "pronouns_other", "bio", "phone", "email",
         "created_at", "created_by", "updated_at", "updated_by"
    FROM "person";--> statement-breakpoint
ALTER TABLE "person" DROP COLUMN "pronouns";--> statement-breakpoint
ALTER TABLE "person" DROP COLUMN "pronouns_other";--> statement-breakpoint
ALTER TABLE "person" DROP COLUMN "bio";--> statement-breakpoint
ALTER TABLE "person" DROP COLUMN "phone";--> statement-breakpoint
ALTER TABLE "person" DROP COLUMN "email";
