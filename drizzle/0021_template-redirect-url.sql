ALTER TABLE "bulk_sends" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "redirect_url" text;