CREATE SCHEMA IF NOT EXISTS "private";
--> statement-breakpoint
CREATE TYPE "private"."webauthn_challenge_kind" AS ENUM('registration', 'authentication');--> statement-breakpoint
CREATE TYPE "public"."access" AS ENUM('General', 'Restricted');--> statement-breakpoint
CREATE TYPE "public"."access_level" AS ENUM('General', 'Restricted', 'Administrator');--> statement-breakpoint
CREATE TYPE "public"."feeling" AS ENUM('love', 'like', 'neutral', 'dislike', 'hate', 'happy', 'sad', 'relaxed', 'angry', 'playful', 'tired', 'excited', 'bored', 'worried', 'lonely', 'in-pain', 'unwell', 'Other');--> statement-breakpoint
CREATE TYPE "public"."history_event_type" AS ENUM('Create', 'Modify', 'Delete', 'Access', 'SignIn', 'SignOut', 'SessionStart', 'SessionFinish');--> statement-breakpoint
CREATE TYPE "public"."history_related_type" AS ENUM('Preference', 'PreferenceCategory', 'Note', 'Media', 'Person', 'User', 'SupporterLink', 'SupportSession', 'Invite', 'Review', 'Subscription', 'Passkey', 'Organisation', 'Survey');--> statement-breakpoint
CREATE TYPE "public"."invite_kind" AS ENUM('Supporter', 'Person', 'Profile', 'Preference', 'PreferenceCategory', 'User');--> statement-breakpoint
CREATE TYPE "public"."media_type" AS ENUM('image', 'audio', 'video', 'other');--> statement-breakpoint
CREATE TYPE "public"."organisation_status" AS ENUM('approved', 'pending_approval', 'email_verified');--> statement-breakpoint
CREATE TYPE "public"."organisation_type" AS ENUM('provider', 'platform');--> statement-breakpoint
CREATE TYPE "public"."person_type" AS ENUM('Supporter', 'DecisionMaker', 'SupporterAndDecisionMaker', 'Platform', 'Anonymous');--> statement-breakpoint
CREATE TYPE "public"."plan_duration" AS ENUM('Month', 'Year');--> statement-breakpoint
CREATE TYPE "public"."preference_status" AS ENUM('Draft', 'Published');--> statement-breakpoint
CREATE TYPE "public"."pronouns" AS ENUM('HeHimHis', 'SheHerHers', 'TheyThemTheirs', 'Other');--> statement-breakpoint
CREATE TYPE "public"."review_schedule" AS ENUM('Never', 'OnceAWeek', 'OnceAMonth', 'OnceAQuarter', 'TwiceAYear', 'OnceAYear', 'EveryTwoYears', 'EveryFiveYears', 'EveryTenYears');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused');--> statement-breakpoint
CREATE TYPE "public"."survey_answer" AS ENUM('Yes', 'No', 'Sometimes');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('General', 'Anonymous', 'Platform');--> statement-breakpoint
CREATE TABLE "private"."billing_customer" (
	"person_id" text PRIMARY KEY NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"stripe_subscription_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_customer_stripe_customer_id_unique" UNIQUE("stripe_customer_id"),
	CONSTRAINT "billing_customer_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id")
);
--> statement-breakpoint
CREATE TABLE "private"."billing_event" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "private"."billing_price" (
	"plan_id" text PRIMARY KEY NOT NULL,
	"stripe_price_id" text NOT NULL,
	CONSTRAINT "billing_price_stripe_price_id_unique" UNIQUE("stripe_price_id")
);
--> statement-breakpoint
CREATE TABLE "private"."invite_token" (
	"invite_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "private"."magic_link_challenge" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"token_hash" text NOT NULL,
	"browser_token_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"completed_at" timestamp (3) with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ip" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "magic_link_challenge_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "magic_link_challenge_attempts_not_negative" CHECK ("private"."magic_link_challenge"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "private"."passkey_credential" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"aaguid" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "private"."session" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"rotated_from" text,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "private"."webauthn_challenge" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"challenge" text NOT NULL,
	"kind" "private"."webauthn_challenge_kind" NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webauthn_challenge_challenge_unique" UNIQUE("challenge")
);
--> statement-breakpoint
CREATE TABLE "category" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL,
	"parent_id" text,
	"title" text NOT NULL,
	"photo_id" text,
	"access" "access" NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "category_not_own_parent" CHECK ("category"."parent_id" <> "category"."id")
);
--> statement-breakpoint
CREATE TABLE "history_event" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL,
	"type" "history_event_type" NOT NULL,
	"related_type" "history_related_type" NOT NULL,
	"related_id" text,
	"message" text NOT NULL,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL,
	"kind" "invite_kind" NOT NULL,
	"access_level" "access_level",
	"target_id" text,
	"email" text,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"accepted_at" timestamp (3) with time zone,
	"accepted_by" text,
	"declined_at" timestamp (3) with time zone,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL,
	"preference_id" text,
	"created_by" text,
	"name" text NOT NULL,
	"description" text,
	"content_type" text NOT NULL,
	"type" "media_type" NOT NULL,
	"content_length" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"settled_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "media_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "media_content_length_not_negative" CHECK ("media"."content_length" >= 0)
);
--> statement-breakpoint
CREATE TABLE "note" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL,
	"preference_id" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "organisation" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" "organisation_type" NOT NULL,
	"status" "organisation_status" NOT NULL,
	"email" text,
	"logo_storage_key" text,
	"logo_updated_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "organisation_member" (
	"organisation_id" text NOT NULL,
	"person_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_member_pkey" PRIMARY KEY("organisation_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "person" (
	"id" text PRIMARY KEY NOT NULL,
	"type" "person_type" NOT NULL,
	"first_name" text,
	"last_name" text,
	"known_as" text,
	"full_name" text,
	"photo_id" text,
	"pronouns" "pronouns",
	"pronouns_other" text,
	"bio" text,
	"phone" text,
	"email" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "plan" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"duration" "plan_duration" NOT NULL,
	"supporter_limit" integer,
	"supported_limit" integer,
	"preference_limit" integer,
	"content_length_total_limit" bigint,
	"content_length_limit" bigint,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_price_not_negative" CHECK ("plan"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "preference" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"feeling" "feeling",
	"feeling_other" text,
	"access" "access" NOT NULL,
	"review_schedule" "review_schedule" DEFAULT 'Never' NOT NULL,
	"review_at" timestamp (3) with time zone,
	"hero_media_id" text,
	"status" "preference_status" DEFAULT 'Published' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"reviewed_at" timestamp (3) with time zone,
	"reviewed_by" text
);
--> statement-breakpoint
CREATE TABLE "preference_category" (
	"preference_id" text NOT NULL,
	"category_id" text NOT NULL,
	"person_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preference_category_pkey" PRIMARY KEY("preference_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "review" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL,
	"preference_id" text NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"review_schedule" "review_schedule" NOT NULL,
	"next_review_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"administrated_by_id" text,
	"status" "subscription_status" NOT NULL,
	"current_period_end" timestamp (3) with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_person_id_unique" UNIQUE("person_id")
);
--> statement-breakpoint
CREATE TABLE "support_session" (
	"id" text PRIMARY KEY NOT NULL,
	"supporter_link_id" text NOT NULL,
	"person_id" text NOT NULL,
	"supporter_id" text NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"ended_reason" text
);
--> statement-breakpoint
CREATE TABLE "supporter_link" (
	"id" text PRIMARY KEY NOT NULL,
	"supporter_id" text NOT NULL,
	"supported_id" text NOT NULL,
	"access_level" "access_level" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "supporter_link_supporter_supported_unique" UNIQUE("supporter_id","supported_id"),
	CONSTRAINT "supporter_link_not_self" CHECK ("supporter_link"."supporter_id" <> "supporter_link"."supported_id")
);
--> statement-breakpoint
CREATE TABLE "survey_response" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL,
	"type" "person_type" NOT NULL,
	"answer1" "survey_answer" NOT NULL,
	"answer2" "survey_answer" NOT NULL,
	"answer3" "survey_answer" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text NOT NULL,
	"email" text,
	"type" "user_type" NOT NULL,
	"wizard_completed_at" timestamp (3) with time zone,
	"accepted_terms_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_user_person_id_unique" UNIQUE("person_id"),
	CONSTRAINT "app_user_email_unique" UNIQUE("email"),
	CONSTRAINT "app_user_email_lower_case" CHECK ("app_user"."email" = lower("app_user"."email"))
);
--> statement-breakpoint
ALTER TABLE "private"."billing_customer" ADD CONSTRAINT "billing_customer_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private"."billing_price" ADD CONSTRAINT "billing_price_plan_id_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private"."invite_token" ADD CONSTRAINT "invite_token_invite_id_invite_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."invite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private"."magic_link_challenge" ADD CONSTRAINT "magic_link_challenge_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private"."passkey_credential" ADD CONSTRAINT "passkey_credential_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private"."session" ADD CONSTRAINT "session_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private"."webauthn_challenge" ADD CONSTRAINT "webauthn_challenge_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_parent_id_category_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."category"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_photo_id_media_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_created_by_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_updated_by_person_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_event" ADD CONSTRAINT "history_event_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_event" ADD CONSTRAINT "history_event_created_by_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite" ADD CONSTRAINT "invite_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite" ADD CONSTRAINT "invite_accepted_by_person_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite" ADD CONSTRAINT "invite_created_by_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_preference_id_preference_id_fk" FOREIGN KEY ("preference_id") REFERENCES "public"."preference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_created_by_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_updated_by_person_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_preference_id_preference_id_fk" FOREIGN KEY ("preference_id") REFERENCES "public"."preference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_created_by_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_updated_by_person_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_created_by_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_updated_by_person_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_member" ADD CONSTRAINT "organisation_member_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_member" ADD CONSTRAINT "organisation_member_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person" ADD CONSTRAINT "person_photo_id_media_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person" ADD CONSTRAINT "person_created_by_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person" ADD CONSTRAINT "person_updated_by_person_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preference" ADD CONSTRAINT "preference_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preference" ADD CONSTRAINT "preference_hero_media_id_media_id_fk" FOREIGN KEY ("hero_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preference" ADD CONSTRAINT "preference_created_by_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preference" ADD CONSTRAINT "preference_updated_by_person_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preference" ADD CONSTRAINT "preference_reviewed_by_person_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preference_category" ADD CONSTRAINT "preference_category_preference_id_preference_id_fk" FOREIGN KEY ("preference_id") REFERENCES "public"."preference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preference_category" ADD CONSTRAINT "preference_category_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preference_category" ADD CONSTRAINT "preference_category_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_preference_id_preference_id_fk" FOREIGN KEY ("preference_id") REFERENCES "public"."preference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_reviewed_by_person_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_plan_id_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plan"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_administrated_by_id_person_id_fk" FOREIGN KEY ("administrated_by_id") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_session" ADD CONSTRAINT "support_session_supporter_link_id_supporter_link_id_fk" FOREIGN KEY ("supporter_link_id") REFERENCES "public"."supporter_link"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_session" ADD CONSTRAINT "support_session_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_session" ADD CONSTRAINT "support_session_supporter_id_person_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_link" ADD CONSTRAINT "supporter_link_supporter_id_person_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_link" ADD CONSTRAINT "supporter_link_supported_id_person_id_fk" FOREIGN KEY ("supported_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_link" ADD CONSTRAINT "supporter_link_created_by_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_link" ADD CONSTRAINT "supporter_link_updated_by_person_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_response" ADD CONSTRAINT "survey_response_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "magic_link_challenge_email_created_idx" ON "private"."magic_link_challenge" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "magic_link_challenge_user_id_idx" ON "private"."magic_link_challenge" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "passkey_credential_user_id_idx" ON "private"."passkey_credential" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "private"."session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "webauthn_challenge_user_id_idx" ON "private"."webauthn_challenge" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "webauthn_challenge_expires_at_idx" ON "private"."webauthn_challenge" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "category_person_id_idx" ON "category" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "category_parent_id_idx" ON "category" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "category_photo_id_idx" ON "category" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "history_event_person_created_idx" ON "history_event" USING btree ("person_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "invite_person_id_idx" ON "invite" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "media_preference_id_idx" ON "media" USING btree ("preference_id");--> statement-breakpoint
CREATE INDEX "media_person_id_idx" ON "media" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "note_preference_id_idx" ON "note" USING btree ("preference_id");--> statement-breakpoint
CREATE INDEX "note_person_id_idx" ON "note" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "organisation_member_person_id_idx" ON "organisation_member" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "person_photo_id_idx" ON "person" USING btree ("photo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_one_default" ON "plan" USING btree ("is_default") WHERE "plan"."is_default";--> statement-breakpoint
CREATE INDEX "preference_person_id_idx" ON "preference" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "preference_person_id_review_at_idx" ON "preference" USING btree ("person_id","review_at");--> statement-breakpoint
CREATE INDEX "preference_hero_media_id_idx" ON "preference" USING btree ("hero_media_id");--> statement-breakpoint
CREATE INDEX "preference_category_category_id_idx" ON "preference_category" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "preference_category_person_id_idx" ON "preference_category" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "review_preference_id_idx" ON "review" USING btree ("preference_id");--> statement-breakpoint
CREATE INDEX "review_person_id_idx" ON "review" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "subscription_plan_id_idx" ON "subscription" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "subscription_administrated_by_id_idx" ON "subscription" USING btree ("administrated_by_id");--> statement-breakpoint
CREATE INDEX "support_session_link_ended_at_idx" ON "support_session" USING btree ("supporter_link_id","ended_at");--> statement-breakpoint
CREATE INDEX "support_session_person_id_idx" ON "support_session" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "support_session_supporter_id_ended_at_idx" ON "support_session" USING btree ("supporter_id","ended_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_session_one_active_per_link" ON "support_session" USING btree ("supporter_link_id") WHERE "support_session"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "supporter_link_supported_id_idx" ON "supporter_link" USING btree ("supported_id");--> statement-breakpoint
CREATE INDEX "survey_response_person_created_idx" ON "survey_response" USING btree ("person_id","created_at");