import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { identityResultLimit } from "@/lib/http/rate-limit";
import { sessionV2Params, sessionV2Query } from "@/lib/schemas/identity-sessions";
import { findIdentitySession } from "@/lib/services/identity-sessions/find-identity-session";
import { sessionV2View } from "@/lib/services/identity-sessions/session-format";

export const GET = apiRoute({ auth: "apiKey", params: sessionV2Params, query: sessionV2Query, limit: identityResultLimit("showIdentitySessionV2", "id") }, async ({ actor, params, query }) => {
  const db = getDb();
  return { data: await sessionV2View(db, await findIdentitySession(db, actor, params.id), query.include), meta: { include: query.include } };
});
