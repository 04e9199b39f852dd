CREATE TABLE "private"."change_refusal" (
	"client_id" text NOT NULL,
	"mutation_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"change_key" text NOT NULL,
	"code" text,
	"message" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_refusal_client_id_mutation_id_pk" PRIMARY KEY("client_id","mutation_id")
);
--> statement-breakpoint
ALTER TABLE "private"."change_refusal" ADD CONSTRAINT "change_refusal_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_refusal_user_key_idx" ON "private"."change_refusal" USING btree ("user_id","change_key");