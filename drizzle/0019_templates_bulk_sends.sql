CREATE TABLE "bulk_send_rows" (
	"bulk_send_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"status" text NOT NULL,
	"input" jsonb,
	"document_id" uuid,
	"errors" jsonb,
	CONSTRAINT "bulk_send_rows_bulk_send_id_row_pk" PRIMARY KEY("bulk_send_id","row")
);
--> statement-breakpoint
CREATE TABLE "bulk_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"template_id" uuid,
	"folder_id" uuid NOT NULL,
	"api_key_id" uuid,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"total_rows" integer NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (6) with time zone
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"original_hash" text NOT NULL,
	"page_count" integer NOT NULL,
	"roles" jsonb NOT NULL,
	"signature_ordered" text NOT NULL,
	"notification_mode" text NOT NULL,
	"sign_position" text NOT NULL,
	"allow_type_signatures" text[] NOT NULL,
	"tries" integer NOT NULL,
	"remember_every" integer NOT NULL,
	"remember_at" text NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_send_rows" ADD CONSTRAINT "bulk_send_rows_bulk_send_id_bulk_sends_id_fk" FOREIGN KEY ("bulk_send_id") REFERENCES "public"."bulk_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_folder_id_work_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."work_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_original_hash_stored_files_sha256_fk" FOREIGN KEY ("original_hash") REFERENCES "public"."stored_files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_sends_owner_created_idx" ON "bulk_sends" USING btree ("owner_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "templates_owner_created_idx" ON "templates" USING btree ("owner_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);