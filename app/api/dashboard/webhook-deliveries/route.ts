import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { webhookDeliveryJson } from "@/lib/http/dashboard-json";
import { listWebhookDeliveries } from "@/lib/services/webhooks/list-webhook-deliveries";

export const GET = apiRoute({ auth: "session" }, async ({ actor }) => ({ data: (await listWebhookDeliveries(getDb(), actor)).map(webhookDeliveryJson) }));
