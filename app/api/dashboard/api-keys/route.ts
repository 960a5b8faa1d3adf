import { getDb } from "@/lib/db/client";
import { apiRoute, json } from "@/lib/http/api-route";
import { apiKeyJson } from "@/lib/http/dashboard-json";
import { apiKeyCreateSchema } from "@/lib/schemas/account";
import { createApiKey } from "@/lib/services/api-keys/create-api-key";
import { listApiKeys } from "@/lib/services/api-keys/list-api-keys";

export const GET = apiRoute({ auth: "session" }, async ({ actor }) => ({ data: (await listApiKeys(getDb(), actor)).map(apiKeyJson) }));

export const POST = apiRoute({ auth: "session", body: apiKeyCreateSchema }, async ({ actor, body }) => {
  const { apiKey, key } = await createApiKey(getDb(), actor, body);
  return json({ data: apiKeyJson(apiKey), key }, 201, { "Cache-Control": "no-store" });
});
