import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { clientIp, limitSigningRequest } from "@/lib/http/rate-limit";
import { signatureParams } from "@/lib/schemas/signing-link";
import { startSignerVerification } from "@/lib/services/signing/start-signer-verification";
import { viewSigningLink } from "@/lib/services/signing/view-signing-link";

const limit = (req: Request, params: { signatureId: string }) => limitSigningRequest("identity", params.signatureId, clientIp(req));

/** RUBRICA: opens (or keeps) the signer's identity verification; the answer carries its page's link. */
export const POST = apiRoute({ auth: "none", params: signatureParams, limit }, async ({ params, req }) => {
  const ip = clientIp(req);
  await startSignerVerification(getDb(), params.signatureId, { ip });
  return { data: await viewSigningLink(getDb(), params.signatureId, { ip, recordView: false }) };
});
