ALTER TABLE "signatories" ADD COLUMN "identity_certificate_serial" text;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD COLUMN "signatory_id" uuid;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD CONSTRAINT "identity_sessions_signatory_id_signatories_id_fk" FOREIGN KEY ("signatory_id") REFERENCES "public"."signatories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_sessions_signatory_idx" ON "identity_sessions" USING btree ("signatory_id","created_at" DESC NULLS LAST) WHERE "identity_sessions"."signatory_id" is not null;