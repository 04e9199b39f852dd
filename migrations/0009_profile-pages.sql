CREATE TYPE "public"."profile_purpose" AS ENUM('HospitalStay', 'Respite', 'NewSupportWorker', 'Other');--> statement-breakpoint
CREATE TYPE "public"."profile_section" AS ENUM('Love', 'Dislike', 'Support');--> statement-breakpoint
ALTER TYPE "public"."history_related_type" ADD VALUE 'ProfilePage';--> statement-breakpoint
CREATE TABLE "private"."profile_share_token" (
	"share_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	CONSTRAINT "profile_share_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "profile_page" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL,
	"purpose" "profile_purpose" NOT NULL,
	"title" text NOT NULL,
	"include_restricted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "profile_page_item" (
	"profile_page_id" text NOT NULL,
	"preference_id" text NOT NULL,
	"person_id" text NOT NULL,
	"section" "profile_section" NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "profile_page_item_pkey" PRIMARY KEY("profile_page_id","preference_id")
);
--> statement-breakpoint
CREATE TABLE "profile_share" (
	"id" text PRIMARY KEY NOT NULL,
	"profile_page_id" text NOT NULL,
	"person_id" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
ALTER TABLE "private"."profile_share_token" ADD CONSTRAINT "profile_share_token_share_id_profile_share_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."profile_share"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_page" ADD CONSTRAINT "profile_page_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_page" ADD CONSTRAINT "profile_page_created_by_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_page" ADD CONSTRAINT "profile_page_updated_by_person_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_page_item" ADD CONSTRAINT "profile_page_item_profile_page_id_profile_page_id_fk" FOREIGN KEY ("profile_page_id") REFERENCES "public"."profile_page"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_page_item" ADD CONSTRAINT "profile_page_item_preference_id_preference_id_fk" FOREIGN KEY ("preference_id") REFERENCES "public"."preference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_page_item" ADD CONSTRAINT "profile_page_item_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_share" ADD CONSTRAINT "profile_share_profile_page_id_profile_page_id_fk" FOREIGN KEY ("profile_page_id") REFERENCES "public"."profile_page"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_share" ADD CONSTRAINT "profile_share_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_share" ADD CONSTRAINT "profile_share_created_by_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_page_person_id_idx" ON "profile_page" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "profile_page_item_preference_id_idx" ON "profile_page_item" USING btree ("preference_id");--> statement-breakpoint
CREATE INDEX "profile_share_profile_page_id_idx" ON "profile_share" USING btree ("profile_page_id");