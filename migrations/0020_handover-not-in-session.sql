-- A supporter in a session with the person sees the library live, and the
-- session's end clears what came before it: no handover item is written for
-- them meanwhile. Each item is a row zero-cache replicates; a person with many
-- supporters in session (a care home's shift) would otherwise pay one per
-- supporter for every change.
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
$$;
