-- A supporter's handover ("since your last visit", sync/handover.ts) is made
-- here, from the history rows, in the transaction of the change they record:
-- one row per supporter whose level reads the change, so the synced query is
-- an equality on the reader. The person's own changes and everyone else's
-- show; the supporter's own do not, nor anything while the supporter is in a
-- session with the person (they see the library live, and the session's end
-- clears what came before it).
-- The current definitions: edit here, then `npm run db:generate` writes the
-- migration (api/dev/sql-rules.ts); tests/integration/sql-rules.test.ts fails
-- while a migrated database differs from this file.

CREATE OR REPLACE FUNCTION "handover_from_history"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."access" IS NULL OR NEW."type" NOT IN ('Create', 'Modify', 'Delete') THEN
    RETURN NULL;
  END IF;
  IF NEW."related_type" IN ('Preference', 'Note') THEN
    INSERT INTO "handover_item" ("id", "supporter_link_id", "supporter_id", "person_id", "kind",
        "event_type", "history_event_id", "preference_id", "access", "message", "created_by", "created_at")
      SELECT NEW."id" || ':' || l."id", l."id", l."supporter_id", NEW."person_id",
          NEW."related_type"::text::"handover_kind", NEW."type", NEW."id", NEW."preference_id",
          NEW."access", NEW."message", NEW."created_by", NEW."created_at"
        FROM "supporter_link" AS l
        WHERE l."supported_id" = NEW."person_id"
          AND l."supporter_id" IS DISTINCT FROM NEW."created_by"
          AND (NEW."access" = 'General' OR l."access_level" <> 'General')
          AND NOT EXISTS (SELECT 1 FROM "support_session" AS s
            WHERE s."supporter_link_id" = l."id" AND s."ended_at" IS NULL);
  ELSIF NEW."related_type" = 'SupporterLink' THEN
    -- A supporter's own level changed: theirs alone (in a session too: it
    -- changes what they may do there).
    INSERT INTO "handover_item" ("id", "supporter_link_id", "supporter_id", "person_id", "kind",
        "event_type", "history_event_id", "access", "message", "created_by", "created_at")
      SELECT NEW."id" || ':' || l."id", l."id", l."supporter_id", NEW."person_id", 'Access',
          NEW."type", NEW."id", 'General', NEW."message", NEW."created_by", NEW."created_at"
        FROM "supporter_link" AS l
        WHERE l."id" = NEW."related_id" AND l."supporter_id" IS DISTINCT FROM NEW."created_by";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "handover_from_history" ON "history_event";--> statement-breakpoint
CREATE TRIGGER "handover_from_history"
  AFTER INSERT ON "history_event"
  FOR EACH ROW EXECUTE FUNCTION "handover_from_history"();--> statement-breakpoint

-- A support session's end is the supporter's visit: what came before it is seen.
CREATE OR REPLACE FUNCTION "handover_session_ended"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."ended_at" IS NOT NULL AND (TG_OP = 'INSERT' OR OLD."ended_at" IS NULL) THEN
    DELETE FROM "handover_item"
      WHERE "supporter_link_id" = NEW."supporter_link_id" AND "created_at" <= NEW."ended_at";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "handover_session_ended" ON "support_session";--> statement-breakpoint
CREATE TRIGGER "handover_session_ended"
  AFTER INSERT OR UPDATE OF "ended_at" ON "support_session"
  FOR EACH ROW EXECUTE FUNCTION "handover_session_ended"();--> statement-breakpoint

-- A level lowered to General: nothing Restricted stays in that supporter's handover.
CREATE OR REPLACE FUNCTION "handover_level_lowered"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."access_level" = 'General' AND OLD."access_level" <> 'General' THEN
    DELETE FROM "handover_item" WHERE "supporter_link_id" = NEW."id" AND "access" = 'Restricted';
    DELETE FROM "handover_note_reader" AS r USING "handover_note" AS n
      WHERE r."supporter_link_id" = NEW."id" AND n."id" = r."note_id" AND n."access" = 'Restricted';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "handover_level_lowered" ON "supporter_link";--> statement-breakpoint
CREATE TRIGGER "handover_level_lowered"
  AFTER UPDATE OF "access_level" ON "supporter_link"
  FOR EACH ROW EXECUTE FUNCTION "handover_level_lowered"();--> statement-breakpoint

-- A preference made Restricted: what General supporters were told of it goes,
-- and the rest of its items are Restricted from now on.
CREATE OR REPLACE FUNCTION "handover_preference_restricted"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."access" = 'Restricted' AND OLD."access" = 'General' THEN
    DELETE FROM "handover_item" AS i USING "supporter_link" AS l
      WHERE i."preference_id" = NEW."id" AND l."id" = i."supporter_link_id"
        AND l."access_level" = 'General';
    UPDATE "handover_item" SET "access" = 'Restricted'
      WHERE "preference_id" = NEW."id" AND "access" = 'General';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "handover_preference_restricted" ON "preference";--> statement-breakpoint
CREATE TRIGGER "handover_preference_restricted"
  AFTER UPDATE OF "access" ON "preference"
  FOR EACH ROW EXECUTE FUNCTION "handover_preference_restricted"();
