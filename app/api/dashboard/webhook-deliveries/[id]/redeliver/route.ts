import { getDb } from "@/lib/db/client";
import { apiRoute, json } from "@/lib/http/api-route";
import { idParams } from "@/lib/schemas/dashboard";
import { redeliverWebhook } from "@/lib/services/webhooks/redeliver-webhook";

export const POST = apiRoute({ auth: "session", params: idParams }, async ({ actor, params }) => {
  await redeliverWebhook(getDb(), actor, params.id);
  return json({ status: "queued" }, 202);
});
