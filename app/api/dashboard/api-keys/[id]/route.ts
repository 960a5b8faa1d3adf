import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { apiKeyEmbedOriginsBody } from "@/lib/schemas/embedding";
import { idParams } from "@/lib/schemas/dashboard";
import { revokeApiKey } from "@/lib/services/api-keys/revoke-api-key";
import { setApiKeyEmbedOrigins } from "@/lib/services/api-keys/set-api-key-embed-origins";

export const PATCH = apiRoute({ auth: "session", params: idParams, body: apiKeyEmbedOriginsBody }, async ({ actor, params, body }) => ({
  embed_origins: await setApiKeyEmbedOrigins(getDb(), actor, params.id, body.embed_origins),
}));

export const DELETE = apiRoute({ auth: "session", params: idParams }, async ({ actor, params }) => {
  await revokeApiKey(getDb(), actor, params.id);
  return new Response(null, { status: 204 });
});
