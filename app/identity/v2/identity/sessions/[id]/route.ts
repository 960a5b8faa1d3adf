import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { sessionV2Params, sessionV2Query } from "@/lib/schemas/identity-sessions";
import { findIdentitySession } from "@/lib/services/identity-sessions/find-identity-session";
import { sessionV2 } from "@/lib/services/identity-sessions/session-format";

export const GET = apiRoute({ auth: "apiKey", params: sessionV2Params, query: sessionV2Query }, async ({ actor, params, query }) => ({
  data: sessionV2(await findIdentitySession(getDb(), actor, params.id), query.include),
  meta: {},
}));
