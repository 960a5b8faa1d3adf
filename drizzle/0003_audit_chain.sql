ALTER TABLE "audit_events" ADD COLUMN "document_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_chain_idx" ON "audit_events" USING btree ("document_id","seq") WHERE "audit_events"."document_id" is not null;