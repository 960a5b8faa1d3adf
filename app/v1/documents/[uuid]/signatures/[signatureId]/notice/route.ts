import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { apiRoute, json } from "@/lib/http/api-route";
import { uuidParam } from "@/lib/schemas/common";
import { resendNotice } from "@/lib/services/notices/resend-notice";

export const POST = apiRoute({ auth: "apiKeyOrSession", params: z.object({ uuid: uuidParam, signatureId: uuidParam }) }, async ({ actor, params }) => {
  await resendNotice(getDb(), actor, params.uuid, params.signatureId);
  return json({ message: "Notice queued." }, 202);
});
