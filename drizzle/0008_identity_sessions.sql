CREATE TABLE "identity_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"result" integer,
	"validations" jsonb NOT NULL,
	"redirect_url" text,
	"webhook" text,
	"with_webhook_binaries" boolean DEFAULT true NOT NULL,
	"only_mobile_devices" boolean DEFAULT false NOT NULL,
	"phone_number" text,
	"optionals" json,
	"custom_branding" jsonb,
	"api_version" smallint NOT NULL,
	"form_token" text NOT NULL,
	"expires_at" timestamp (6) with time zone NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_sessions_form_token_unique" UNIQUE("form_token")
);
--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD CONSTRAINT "identity_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_sessions_user_idx" ON "identity_sessions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);