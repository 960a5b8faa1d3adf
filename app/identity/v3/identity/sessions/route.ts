import { getDb } from "@/lib/db/client";
import { LOGO_BODY_LIMIT } from "@/lib/http/read-body";
import { apiRoute, json } from "@/lib/http/api-route";
import { identityApiLimit } from "@/lib/http/rate-limit";
import { createSessionV3Body } from "@/lib/schemas/identity-sessions";
import { createIdentitySession } from "@/lib/services/identity-sessions/create-identity-session";
import { sessionV3 } from "@/lib/services/identity-sessions/session-format";

export const POST = apiRoute({ auth: "apiKey", body: createSessionV3Body, bodyLimit: LOGO_BODY_LIMIT, limit: identityApiLimit("createIdentitySessionV3") }, async ({ actor, body }) => {
  const session = await createIdentitySession(getDb(), actor, body, { apiVersion: 3 });
  return json(sessionV3(session), 201);
});
