import { getDb } from "@/lib/db/client";
import { apiRoute, json } from "@/lib/http/api-route";
import { clientIp, rateLimit } from "@/lib/http/rate-limit";
import { signatureParams } from "@/lib/schemas/signing-link";
import { viewSigningLink } from "@/lib/services/signing/view-signing-link";

export const GET = apiRoute({ auth: "none", params: signatureParams }, async ({ params, req }) => {
  const ip = clientIp(req);
  if (ip) rateLimit(`link-ip:${ip}`, 120, 60_000);
  rateLimit(`link:${params.signatureId}`, 60, 60_000);
  return json({ data: await viewSigningLink(getDb(), params.signatureId, { ip }) }, 200, { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
});
