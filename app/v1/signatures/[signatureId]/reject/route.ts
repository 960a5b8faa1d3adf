import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { clientIp, rateLimit } from "@/lib/http/rate-limit";
import { rejectBody, signatureParams } from "@/lib/schemas/signing-link";
import { rejectSignatory } from "@/lib/services/signing/reject-signatory";
import { viewSigningLink } from "@/lib/services/signing/view-signing-link";

export const POST = apiRoute({ auth: "none", params: signatureParams, body: rejectBody }, async ({ params, body, req }) => {
  const ip = clientIp(req);
  if (ip) rateLimit(`sign-ip:${ip}`, 30, 60_000);
  await rejectSignatory(getDb(), params.signatureId, body.reason, { ip });
  return { data: await viewSigningLink(getDb(), params.signatureId, { ip, recordView: false }) };
});
