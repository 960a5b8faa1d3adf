import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { signingWebhookBody } from "@/lib/schemas/dashboard";
import { findSigningWebhook, setSigningWebhook } from "@/lib/services/webhooks/set-signing-webhook";

export const GET = apiRoute({ auth: "apiKeyOrSession" }, async ({ actor }) => ({ url: await findSigningWebhook(getDb(), actor) }));

export const PUT = apiRoute({ auth: "apiKeyOrSession", body: signingWebhookBody }, async ({ actor, body }) => {
  await setSigningWebhook(getDb(), actor, body.url);
  return { url: body.url };
});
