-- Storage used per person: the bytes of confirmed media, kept in the
-- transaction of every confirmation and deletion (cascades included: a deleted
-- preference or person takes its media along), so the figure the limit is
-- checked against can never drift from the rows. A deleted record's objects
-- are queued for removal from the store.
-- The current definitions: edit here, then `npm run db:generate` writes the
-- migration (api/dev/sql-rules.ts); tests/integration/sql-rules.test.ts fails
-- while a migrated database differs from this file.

CREATE OR REPLACE FUNCTION "private"."media_usage_track"() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  before_bytes bigint := 0;
  after_bytes bigint := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."settled_at" IS NOT NULL THEN
    before_bytes := OLD."content_length";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."settled_at" IS NOT NULL THEN
    after_bytes := NEW."content_length";
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."person_id" IS DISTINCT FROM NEW."person_id" THEN
    RAISE EXCEPTION 'A media item stays in its library' USING ERRCODE = 'check_violation';
  END IF;
  IF after_bytes > before_bytes THEN
    INSERT INTO "private"."media_usage" AS u ("person_id", "bytes")
      VALUES (NEW."person_id", after_bytes - before_bytes)
      ON CONFLICT ("person_id") DO UPDATE SET "bytes" = u."bytes" + EXCLUDED."bytes";
  ELSIF after_bytes < before_bytes THEN
    UPDATE "private"."media_usage"
      SET "bytes" = GREATEST(0, "bytes" - (before_bytes - after_bytes))
      WHERE "person_id" = OLD."person_id";
  END IF;
  -- The store's objects of a deleted record are queued for removal (the API
  -- removes them right after; the minute sweep catches what it could not).
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "private"."media_removal" ("key")
      SELECT k FROM unnest(ARRAY[
        OLD."storage_key", 'uploads/' || OLD."storage_key", OLD."display_key", OLD."thumb_key"
      ]) AS k WHERE k IS NOT NULL
      ON CONFLICT ("key") DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "media_usage_track" ON "media";--> statement-breakpoint
CREATE TRIGGER "media_usage_track"
  AFTER INSERT OR UPDATE OF "settled_at", "content_length", "person_id" OR DELETE ON "media"
  FOR EACH ROW EXECUTE FUNCTION "private"."media_usage_track"();
