-- The session flag on the link goes (docs/decisions/032): its trigger edited
-- the link in the same transaction as every session's start and end, and a
-- synced query over the links themselves (the Circle, for an Administrator)
-- then sometimes missed rows. The rules walk from the link to its sessions.
DROP TRIGGER IF EXISTS "support_session_to_link" ON "support_session";--> statement-breakpoint
DROP FUNCTION IF EXISTS "support_session_to_link"();--> statement-breakpoint
ALTER TABLE "supporter_link" DROP COLUMN "in_session";
