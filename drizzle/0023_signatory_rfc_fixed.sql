ALTER TABLE "signatories" ADD COLUMN "rfc_fixed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Documents made from a template before this column: their signers holding an RFC the template
-- fixes (its document.created event names the template; a template deleted since is not known).
UPDATE "signatories" s SET "rfc_fixed" = true
FROM "audit_events" e JOIN "templates" t ON t."id"::text = e."data"->>'templateId'
WHERE e."action" = 'document.created' AND e."subject_type" = 'document' AND e."subject_id" = s."document_id"::text
  AND s."rfc" IS NOT NULL AND s."removed_at" IS NULL
  AND EXISTS (SELECT 1 FROM jsonb_array_elements(t."roles") r WHERE r->>'rfc' = s."rfc");
