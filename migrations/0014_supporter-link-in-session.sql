ALTER TABLE "supporter_link" ADD COLUMN "in_session" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A link is in session while one of its sessions has not ended (schema/tables.ts):
-- filled in now...
UPDATE "supporter_link" AS l SET "in_session" = true
  WHERE EXISTS (SELECT 1 FROM "support_session" AS s
    WHERE s."supporter_link_id" = l."id" AND s."ended_at" IS NULL);--> statement-breakpoint
-- ...and kept by every start, end, move or removal of a session, in its own
-- transaction: the synced rules read only the link (sync/permissions.ts), so
-- a session's end empties a supporter's open screens with this one change.
CREATE FUNCTION "support_session_to_link"() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  link_ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    link_ids := ARRAY[NEW."supporter_link_id"];
  ELSIF TG_OP = 'DELETE' THEN
    link_ids := ARRAY[OLD."supporter_link_id"];
  ELSE
    link_ids := ARRAY[OLD."supporter_link_id", NEW."supporter_link_id"];
  END IF;
  UPDATE "supporter_link" AS l
    SET "in_session" = EXISTS (SELECT 1 FROM "support_session" AS s
      WHERE s."supporter_link_id" = l."id" AND s."ended_at" IS NULL)
    WHERE l."id" = ANY (link_ids)
      AND l."in_session" IS DISTINCT FROM EXISTS (SELECT 1 FROM "support_session" AS s
        WHERE s."supporter_link_id" = l."id" AND s."ended_at" IS NULL);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "support_session_to_link"
  AFTER INSERT OR DELETE OR UPDATE OF "ended_at", "supporter_link_id" ON "support_session"
  FOR EACH ROW EXECUTE FUNCTION "support_session_to_link"();
