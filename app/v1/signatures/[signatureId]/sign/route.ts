import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { clientIp, limitSigningRequest } from "@/lib/http/rate-limit";
import { signatureParams, signBody } from "@/lib/schemas/signing-link";
import { signSignatory } from "@/lib/services/signing/sign-signatory";
import { viewSigningLink } from "@/lib/services/signing/view-signing-link";

const limit = (req: Request, params: { signatureId: string }) => limitSigningRequest("sign", params.signatureId, clientIp(req));

export const POST = apiRoute({ auth: "none", params: signatureParams, body: signBody, limit }, async ({ params, body, req }) => {
  const ip = clientIp(req);
  await signSignatory(getDb(), params.signatureId, body, { ip });
  return { data: await viewSigningLink(getDb(), params.signatureId, { ip, recordView: false }) };
});
