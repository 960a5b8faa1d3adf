import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { clientIp, rateLimit } from "@/lib/http/rate-limit";
import { signatureParams, signBody } from "@/lib/schemas/signing-link";
import { signSignatory } from "@/lib/services/signing/sign-signatory";
import { viewSigningLink } from "@/lib/services/signing/view-signing-link";

export const POST = apiRoute({ auth: "none", params: signatureParams, body: signBody }, async ({ params, body, req }) => {
  const ip = clientIp(req);
  if (ip) rateLimit(`sign-ip:${ip}`, 30, 60_000);
  rateLimit(`sign:${params.signatureId}`, 100, 60_000);
  await signSignatory(getDb(), params.signatureId, body, { ip });
  return { data: await viewSigningLink(getDb(), params.signatureId, { ip, recordView: false }) };
});
