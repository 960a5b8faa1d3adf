import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { clientIp, limitSigningRequest } from "@/lib/http/rate-limit";
import { identityCertificateBody, signatureParams } from "@/lib/schemas/signing-link";
import { issueSignerCertificate } from "@/lib/services/signing/issue-signer-certificate";

const limit = (req: Request, params: { signatureId: string }) => limitSigningRequest("certificate", params.signatureId, clientIp(req));

/** RUBRICA: a verified signer's key certified for a few minutes, to sign with right away. */
export const POST = apiRoute({ auth: "none", params: signatureParams, body: identityCertificateBody, limit }, async ({ params, body, req }) => ({
  data: await issueSignerCertificate(getDb(), params.signatureId, body, { ip: clientIp(req) }),
}));
