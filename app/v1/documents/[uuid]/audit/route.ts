import { getDb } from "@/lib/db/client";
import { apiRoute, json } from "@/lib/http/api-route";
import { attachment } from "@/lib/http/signing-resources";
import { documentParams } from "@/lib/schemas/signing";
import { documentAuditTrail } from "@/lib/services/audit/document-audit-trail";

export const GET = apiRoute({ auth: "apiKeyOrSession", params: documentParams }, async ({ actor, params }) => {
  const trail = await documentAuditTrail(getDb(), actor, params.uuid);
  return json(
    { data: trail.events, meta: { chain_valid: trail.chainValid, first_broken_seq: trail.firstBrokenSeq, algorithm: "SHA-256(prev_hash + \"\\n\" + canonical JSON of the event)" } },
    200,
    { "Content-Disposition": attachment(`auditoria-${params.uuid}.json`), "Cache-Control": "private, no-store" },
  );
});
