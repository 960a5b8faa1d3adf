import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { attachment } from "@/lib/http/signing-resources";
import { constancyQuery, documentParams } from "@/lib/schemas/signing";
import { readConstancy } from "@/lib/services/signing/read-constancy";

export const GET = apiRoute({ auth: "apiKeyOrSession", params: documentParams, query: constancyQuery }, async ({ actor, params, query }) => {
  const constancy = await readConstancy(getDb(), actor, params.uuid, query.of);
  return new Response(new Uint8Array(constancy.bytes), {
    headers: { "Content-Type": "application/timestamp-reply", "Content-Disposition": attachment(constancy.fileName), "Cache-Control": "private, no-store" },
  });
});
