import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { clientIp, limitSigningRequest } from "@/lib/http/rate-limit";
import { rejectBody, signatureParams } from "@/lib/schemas/signing-link";
import { rejectSignatory } from "@/lib/services/signing/reject-signatory";
import { viewSigningLink } from "@/lib/services/signing/view-signing-link";

const limit = (req: Request, params: { signatureId: string }) => limitSigningRequest("reject", params.signatureId, clientIp(req));

export const POST = apiRoute({ auth: "none", params: signatureParams, body: rejectBody, limit }, async ({ params, body, req }) => {
  const ip = clientIp(req);
  await rejectSignatory(getDb(), params.signatureId, body.reason, { ip });
  return { data: await viewSigningLink(getDb(), params.signatureId, { ip, recordView: false }) };
});
