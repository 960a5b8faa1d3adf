CREATE TABLE "identity_session_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD COLUMN "files" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD COLUMN "liveness_challenge" text;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD COLUMN "document_data" jsonb;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD COLUMN "ocr" jsonb;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD COLUMN "verifications" jsonb;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD COLUMN "ine" jsonb;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD COLUMN "renapo" jsonb;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD COLUMN "checks" jsonb;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_session_comments" ADD CONSTRAINT "identity_session_comments_session_id_identity_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."identity_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_session_comments" ADD CONSTRAINT "identity_session_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_session_comments_session_idx" ON "identity_session_comments" USING btree ("session_id","created_at");