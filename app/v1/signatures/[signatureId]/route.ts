import { getDb } from "@/lib/db/client";
import { apiRoute, json } from "@/lib/http/api-route";
import { clientIp, limitSigningRequest } from "@/lib/http/rate-limit";
import { signatureParams } from "@/lib/schemas/signing-link";
import { viewSigningLink } from "@/lib/services/signing/view-signing-link";

const limit = (req: Request, params: { signatureId: string }) => limitSigningRequest("view", params.signatureId, clientIp(req));

export const GET = apiRoute({ auth: "none", params: signatureParams, limit }, async ({ params, req }) => {
  const ip = clientIp(req);
  return json({ data: await viewSigningLink(getDb(), params.signatureId, { ip }) }, 200, { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
});
