ALTER TABLE "signatories" ADD COLUMN "representative_rfc" text;--> statement-breakpoint
ALTER TABLE "signatories" ADD COLUMN "representative_curp" text;