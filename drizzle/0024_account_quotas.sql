ALTER TABLE "users" ADD COLUMN "document_quota" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notice_quota" integer;