ALTER TABLE "api_keys" ADD COLUMN "embed_origins" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "signatories" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;