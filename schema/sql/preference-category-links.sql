-- A preference's category links carry the preference's access and status
-- (schema/tables.ts), so that the read rules can filter links without a join,
-- and a link joins a preference and a category of one and the same person.
-- The current definitions: edit here, then `npm run db:generate` writes the
-- migration (api/dev/sql-rules.ts); tests/integration/sql-rules.test.ts fails
-- while a migrated database differs from this file.

-- Set from the preference whenever a link is made or moved; refused across libraries.
CREATE OR REPLACE FUNCTION "preference_category_copy_preference"() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  preference_owner text;
  category_owner text;
BEGIN
  SELECT p."access", p."status", p."person_id" INTO NEW."access", NEW."status", preference_owner
    FROM "preference" AS p WHERE p."id" = NEW."preference_id";
  SELECT c."person_id" INTO category_owner FROM "category" AS c WHERE c."id" = NEW."category_id";
  IF preference_owner IS DISTINCT FROM NEW."person_id"
     OR category_owner IS DISTINCT FROM NEW."person_id" THEN
    RAISE EXCEPTION 'A category link must join a preference and a category of the same person'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "preference_category_copy_preference" ON "preference_category";--> statement-breakpoint
CREATE TRIGGER "preference_category_copy_preference"
  BEFORE INSERT OR UPDATE ON "preference_category"
  FOR EACH ROW EXECUTE FUNCTION "preference_category_copy_preference"();--> statement-breakpoint

-- ...and follow every change of the preference's access or status.
CREATE OR REPLACE FUNCTION "preference_to_category_links"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "preference_category" SET "access" = NEW."access", "status" = NEW."status"
    WHERE "preference_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "preference_to_category_links" ON "preference";--> statement-breakpoint
CREATE TRIGGER "preference_to_category_links"
  AFTER UPDATE OF "access", "status" ON "preference"
  FOR EACH ROW
  WHEN (OLD."access" IS DISTINCT FROM NEW."access" OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "preference_to_category_links"();
