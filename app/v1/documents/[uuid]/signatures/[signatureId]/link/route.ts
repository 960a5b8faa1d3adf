import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { apiRoute, json } from "@/lib/http/api-route";
import { clientIp } from "@/lib/http/rate-limit";
import { uuidParam } from "@/lib/schemas/common";
import { revealSigningLink } from "@/lib/services/notices/reveal-signing-link";

// POST, not GET: revealing a bearer secret is an action that is logged, and must not be cached or prefetched.
export const POST = apiRoute({ auth: "apiKeyOrSession", params: z.object({ uuid: uuidParam, signatureId: uuidParam }) }, async ({ actor, params, req }) => {
  const ip = clientIp(req);
  const url = await revealSigningLink(getDb(), actor, params.uuid, params.signatureId, ip);
  return json({ url }, 200, { "Cache-Control": "no-store" });
});
