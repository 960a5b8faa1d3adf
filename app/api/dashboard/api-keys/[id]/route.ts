import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { idParams } from "@/lib/schemas/dashboard";
import { revokeApiKey } from "@/lib/services/api-keys/revoke-api-key";

export const DELETE = apiRoute({ auth: "session", params: idParams }, async ({ actor, params }) => {
  await revokeApiKey(getDb(), actor, params.id);
  return new Response(null, { status: 204 });
});
