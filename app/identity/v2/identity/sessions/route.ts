import { getDb } from "@/lib/db/client";
import { LOGO_BODY_LIMIT } from "@/lib/http/read-body";
import { apiRoute, json } from "@/lib/http/api-route";
import { identityApiLimit } from "@/lib/http/rate-limit";
import { createSessionV2Body, sessionListQuery } from "@/lib/schemas/identity-sessions";
import { createIdentitySession } from "@/lib/services/identity-sessions/create-identity-session";
import { listIdentitySessions } from "@/lib/services/identity-sessions/list-identity-sessions";
import { sessionV2 } from "@/lib/services/identity-sessions/session-format";

export const GET = apiRoute({ auth: "apiKey", query: sessionListQuery, limit: identityApiLimit("listIdentitySessionsV2") }, async ({ actor, query }) => {
  const { rows, total } = await listIdentitySessions(getDb(), actor, { page: query.page, perPage: query.per_page, status: query.status });
  return {
    data: rows.map((row) => sessionV2(row)),
    meta: { current_page: query.page, per_page: query.per_page, total, last_page: Math.max(1, Math.ceil(total / query.per_page)) },
  };
});

/** Version 2 creation answers 200 (version 3 answers 201), wrapped in data and meta. */
export const POST = apiRoute({ auth: "apiKey", body: createSessionV2Body, bodyLimit: LOGO_BODY_LIMIT, limit: identityApiLimit("createIdentitySessionV2") }, async ({ actor, body }) => {
  const session = await createIdentitySession(getDb(), actor, body, { apiVersion: 2 });
  // A new session has no reviewers' notes yet; the detail answers the same object.
  return json({ data: sessionV2(session, [], { comments: [] }), meta: {} }, 200);
});
