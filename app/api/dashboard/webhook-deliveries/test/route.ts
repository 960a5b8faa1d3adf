import { getDb } from "@/lib/db/client";
import { apiRoute, json } from "@/lib/http/api-route";
import { testWebhookBody } from "@/lib/schemas/dashboard";
import { sendTestWebhook } from "@/lib/services/webhooks/send-test-webhook";

export const POST = apiRoute({ auth: "session", body: testWebhookBody }, async ({ actor, body }) => {
  const delivery = await sendTestWebhook(getDb(), actor, body.url);
  return json({ id: delivery.id, status: "queued" }, 202);
});
