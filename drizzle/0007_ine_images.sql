ALTER TABLE "ine_validations" ADD COLUMN "source" text DEFAULT 'data' NOT NULL;--> statement-breakpoint
ALTER TABLE "ine_validations" ADD COLUMN "front_hash" text;--> statement-breakpoint
ALTER TABLE "ine_validations" ADD COLUMN "back_hash" text;--> statement-breakpoint
ALTER TABLE "ine_validations" ADD CONSTRAINT "ine_validations_front_hash_stored_files_sha256_fk" FOREIGN KEY ("front_hash") REFERENCES "public"."stored_files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ine_validations" ADD CONSTRAINT "ine_validations_back_hash_stored_files_sha256_fk" FOREIGN KEY ("back_hash") REFERENCES "public"."stored_files"("sha256") ON DELETE no action ON UPDATE no action;