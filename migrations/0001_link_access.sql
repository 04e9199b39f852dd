ALTER TABLE "preference_category" ADD COLUMN "access" "access" DEFAULT 'Restricted' NOT NULL;--> statement-breakpoint
ALTER TABLE "preference_category" ADD COLUMN "status" "preference_status" DEFAULT 'Draft' NOT NULL;--> statement-breakpoint
-- The links carry their preference's access and status (schema/tables.ts): filled in now...
UPDATE "preference_category" AS pc SET "access" = p."access", "status" = p."status"
  FROM "preference" AS p WHERE p."id" = pc."preference_id";--> statement-breakpoint
-- ...set from the preference whenever a link is made or moved...
CREATE FUNCTION "preference_category_copy_preference"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  SELECT p."access", p."status" INTO NEW."access", NEW."status"
    FROM "preference" AS p WHERE p."id" = NEW."preference_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "preference_category_copy_preference"
  BEFORE INSERT OR UPDATE ON "preference_category"
  FOR EACH ROW EXECUTE FUNCTION "preference_category_copy_preference"();--> statement-breakpoint
-- ...and follow every change of the preference's access or status.
CREATE FUNCTION "preference_to_category_links"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "preference_category" SET "access" = NEW."access", "status" = NEW."status"
    WHERE "preference_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "preference_to_category_links"
  AFTER UPDATE OF "access", "status" ON "preference"
  FOR EACH ROW
  WHEN (OLD."access" IS DISTINCT FROM NEW."access" OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "preference_to_category_links"();
