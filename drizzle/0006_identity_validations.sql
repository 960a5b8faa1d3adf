CREATE TABLE "ine_validations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"card" jsonb NOT NULL,
	"webhook" text,
	"job_id" text,
	"result" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_validations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"numero_servicio" text NOT NULL,
	"nombre_titular" text NOT NULL,
	"importe" text NOT NULL,
	"webhook" text,
	"job_id" text,
	"outcome" jsonb,
	"raw_response" jsonb,
	"receipt_pdf_hash" text,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "transactions" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "ine_validations" ADD CONSTRAINT "ine_validations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_validations" ADD CONSTRAINT "receipt_validations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_validations" ADD CONSTRAINT "receipt_validations_receipt_pdf_hash_stored_files_sha256_fk" FOREIGN KEY ("receipt_pdf_hash") REFERENCES "public"."stored_files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ine_validations_user_idx" ON "ine_validations" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "receipt_validations_user_idx" ON "receipt_validations" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);