ALTER TABLE "documents" ADD COLUMN "sealed_at" timestamp (6) with time zone;--> statement-breakpoint
ALTER TABLE "signatories" ADD COLUMN "signature_type" text;--> statement-breakpoint
ALTER TABLE "signatories" ADD COLUMN "certificate" text;--> statement-breakpoint
ALTER TABLE "signatories" ADD COLUMN "autograph_hash" text;--> statement-breakpoint
ALTER TABLE "signatories" ADD COLUMN "signed_ip" text;--> statement-breakpoint
ALTER TABLE "signatories" ADD COLUMN "rejected_at" timestamp (6) with time zone;--> statement-breakpoint
ALTER TABLE "signatories" ADD CONSTRAINT "signatories_autograph_hash_stored_files_sha256_fk" FOREIGN KEY ("autograph_hash") REFERENCES "public"."stored_files"("sha256") ON DELETE no action ON UPDATE no action;