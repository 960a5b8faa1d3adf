import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { clientIp, limitSigningRequest } from "@/lib/http/rate-limit";
import { attachment } from "@/lib/http/signing-resources";
import { signatureParams } from "@/lib/schemas/signing-link";
import { readSigningDocument } from "@/lib/services/signing/view-signing-link";

const limit = (req: Request, params: { signatureId: string }) => limitSigningRequest("document", params.signatureId, clientIp(req));

export const GET = apiRoute({ auth: "none", params: signatureParams, limit }, async ({ params, req }) => {
  const file = await readSigningDocument(getDb(), params.signatureId, { ip: clientIp(req) });
  return new Response(new Uint8Array(file.bytes), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": attachment(file.fileName).replace(/^attachment/, "inline"), "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff" },
  });
});
