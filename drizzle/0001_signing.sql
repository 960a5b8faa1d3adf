CREATE TYPE "public"."signatory_status" AS ENUM('PENDING', 'SIGNED', 'REJECTED');--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"folder_id" uuid NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"original_hash" text NOT NULL,
	"sealed_hash" text,
	"page_count" integer NOT NULL,
	"sign_status" smallint DEFAULT 1 NOT NULL,
	"signature_mode" text DEFAULT 'PDF_SIGNATURE' NOT NULL,
	"signature_ordered" text DEFAULT 'INACTIVE' NOT NULL,
	"notification_mode" text DEFAULT 'ENABLED' NOT NULL,
	"sign_position" text DEFAULT 'DEFAULT' NOT NULL,
	"allow_type_signatures" text[] NOT NULL,
	"tries" integer DEFAULT 3 NOT NULL,
	"remember_every" integer DEFAULT 1 NOT NULL,
	"remember_at" text DEFAULT '09:00:00' NOT NULL,
	"rejected_message" text,
	"created_by" text,
	"constancy" jsonb,
	"signed_at" timestamp (6) with time zone,
	"cancelled_at" timestamp (6) with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_remember_at_format" CHECK ("documents"."remember_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "reminder_sends" (
	"signatory_id" uuid NOT NULL,
	"slot" integer NOT NULL,
	"due_at" timestamp (6) with time zone NOT NULL,
	"sent_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signatories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"rfc" text,
	"curp" text,
	"positions" text,
	"sign_status" "signatory_status" DEFAULT 'PENDING' NOT NULL,
	"certificate_serial_number" text,
	"certificate_issuer_name" text,
	"signature" text,
	"signed_at" timestamp (6) with time zone,
	"rejected_reason" text,
	"timestamp" jsonb,
	"notified_at" timestamp (6) with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"next_reminder_at" timestamp (6) with time zone,
	"removed_at" timestamp (6) with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spectators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"notified_at" timestamp (6) with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_folder_id_work_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."work_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_original_hash_stored_files_sha256_fk" FOREIGN KEY ("original_hash") REFERENCES "public"."stored_files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_sealed_hash_stored_files_sha256_fk" FOREIGN KEY ("sealed_hash") REFERENCES "public"."stored_files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_signatory_id_signatories_id_fk" FOREIGN KEY ("signatory_id") REFERENCES "public"."signatories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatories" ADD CONSTRAINT "signatories_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spectators" ADD CONSTRAINT "spectators_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_folder_created_idx" ON "documents" USING btree ("folder_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_sends_slot_idx" ON "reminder_sends" USING btree ("signatory_id","slot");--> statement-breakpoint
CREATE INDEX "signatories_document_idx" ON "signatories" USING btree ("document_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "signatories_document_email_active_idx" ON "signatories" USING btree ("document_id",lower("email")) WHERE "signatories"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "signatories_next_reminder_idx" ON "signatories" USING btree ("next_reminder_at") WHERE "signatories"."next_reminder_at" is not null;--> statement-breakpoint
CREATE INDEX "spectators_document_idx" ON "spectators" USING btree ("document_id","position");