-- A category link joins a preference and a category of one and the same
-- person, and says so in "person_id" (issue 11). The mutators check this
-- before they write; the database makes it hold for every writer, so that no
-- read rule that walks preference -> link -> category (a guest's invite to a
-- category) can cross from one person's library into another's.
--
-- Links that break it could only have been forged across libraries: they go.
DELETE FROM "preference_category" AS pc
  USING "preference" AS p, "category" AS c
  WHERE p."id" = pc."preference_id" AND c."id" = pc."category_id"
    AND (p."person_id" <> pc."person_id" OR c."person_id" <> pc."person_id");--> statement-breakpoint
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
$$;
