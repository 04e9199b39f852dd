CREATE TYPE "public"."handover_kind" AS ENUM('Preference', 'Note', 'Review', 'Access');--> statement-breakpoint
ALTER TYPE "public"."history_related_type" ADD VALUE 'HandoverNote';--> statement-breakpoint
CREATE TABLE "handover_item" (
	"id" text PRIMARY KEY NOT NULL,
	"supporter_link_id" text NOT NULL,
	"supporter_id" text NOT NULL,
	"person_id" text NOT NULL,
	"kind" "handover_kind" NOT NULL,
	"event_type" "history_event_type",
	"history_event_id" text,
	"preference_id" text,
	"access" "access" DEFAULT 'General' NOT NULL,
	"message" text NOT NULL,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "handover_note" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL,
	"body" text NOT NULL,
	"access" "access" NOT NULL,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handover_note_reader" (
	"note_id" text NOT NULL,
	"supporter_link_id" text NOT NULL,
	"supporter_id" text NOT NULL,
	CONSTRAINT "handover_note_reader_note_id_supporter_link_id_pk" PRIMARY KEY("note_id","supporter_link_id")
);
--> statement-breakpoint
ALTER TABLE "history_event" ADD COLUMN "access" "access";--> statement-breakpoint
ALTER TABLE "history_event" ADD COLUMN "preference_id" text;--> statement-breakpoint
ALTER TABLE "person" ADD COLUMN "handover_note_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "handover_item" ADD CONSTRAINT "handover_item_supporter_link_id_supporter_link_id_fk" FOREIGN KEY ("supporter_link_id") REFERENCES "public"."supporter_link"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_item" ADD CONSTRAINT "handover_item_supporter_id_person_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_item" ADD CONSTRAINT "handover_item_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_item" ADD CONSTRAINT "handover_item_history_event_id_history_event_id_fk" FOREIGN KEY ("history_event_id") REFERENCES "public"."history_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_item" ADD CONSTRAINT "handover_item_created_by_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_note" ADD CONSTRAINT "handover_note_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_note" ADD CONSTRAINT "handover_note_created_by_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_note" ADD CONSTRAINT "handover_note_updated_by_person_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_note_reader" ADD CONSTRAINT "handover_note_reader_note_id_handover_note_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."handover_note"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_note_reader" ADD CONSTRAINT "handover_note_reader_supporter_link_id_supporter_link_id_fk" FOREIGN KEY ("supporter_link_id") REFERENCES "public"."supporter_link"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_note_reader" ADD CONSTRAINT "handover_note_reader_supporter_id_person_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handover_item_supporter_idx" ON "handover_item" USING btree ("supporter_id","created_at");--> statement-breakpoint
CREATE INDEX "handover_item_link_idx" ON "handover_item" USING btree ("supporter_link_id","created_at");--> statement-breakpoint
CREATE INDEX "handover_item_preference_idx" ON "handover_item" USING btree ("preference_id");--> statement-breakpoint
CREATE INDEX "handover_item_person_idx" ON "handover_item" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "handover_note_person_idx" ON "handover_note" USING btree ("person_id","created_at");--> statement-breakpoint
CREATE INDEX "handover_note_expires_idx" ON "handover_note" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "handover_note_reader_supporter_idx" ON "handover_note_reader" USING btree ("supporter_id");--> statement-breakpoint
CREATE INDEX "handover_note_reader_link_idx" ON "handover_note_reader" USING btree ("supporter_link_id");--> statement-breakpoint
-- A supporter's handover ("since your last visit", sync/handover.ts) is made
-- here, from the history rows, in the transaction of the change they record:
-- one row per supporter whose level reads the change, so the synced query is
-- an equality on the reader. The person's own changes and everyone else's
-- show; the supporter's own do not.
CREATE FUNCTION "handover_from_history"() RETURNS trigger
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
          AND (NEW."access" = 'General' OR l."access_level" <> 'General');
  ELSIF NEW."related_type" = 'SupporterLink' THEN
    -- A supporter's own level changed: theirs alone.
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
CREATE TRIGGER "handover_from_history"
  AFTER INSERT ON "history_event"
  FOR EACH ROW EXECUTE FUNCTION "handover_from_history"();--> statement-breakpoint
-- A support session's end is the supporter's visit: what came before it is seen.
CREATE FUNCTION "handover_session_ended"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."ended_at" IS NOT NULL AND (TG_OP = 'INSERT' OR OLD."ended_at" IS NULL) THEN
    DELETE FROM "handover_item"
      WHERE "supporter_link_id" = NEW."supporter_link_id" AND "created_at" <= NEW."ended_at";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "handover_session_ended"
  AFTER INSERT OR UPDATE OF "ended_at" ON "support_session"
  FOR EACH ROW EXECUTE FUNCTION "handover_session_ended"();--> statement-breakpoint
-- A level lowered to General: nothing Restricted stays in that supporter's handover.
CREATE FUNCTION "handover_level_lowered"() RETURNS trigger
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
CREATE TRIGGER "handover_level_lowered"
  AFTER UPDATE OF "access_level" ON "supporter_link"
  FOR EACH ROW EXECUTE FUNCTION "handover_level_lowered"();--> statement-breakpoint
-- A preference made Restricted: what General supporters were told of it goes,
-- and the rest of its items are Restricted from now on.
CREATE FUNCTION "handover_preference_restricted"() RETURNS trigger
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
CREATE TRIGGER "handover_preference_restricted"
  AFTER UPDATE OF "access" ON "preference"
  FOR EACH ROW EXECUTE FUNCTION "handover_preference_restricted"();
