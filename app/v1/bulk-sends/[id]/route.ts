import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { bulkSendResource } from "@/lib/http/template-resources";
import { bulkSendQuery, templateParams } from "@/lib/schemas/templates";
import { findBulkSend } from "@/lib/services/bulk-sends/find-bulk-send";

export const GET = apiRoute({ auth: "apiKeyOrSession", params: templateParams, query: bulkSendQuery }, async ({ actor, params, query }) => {
  const found = await findBulkSend(getDb(), actor, params.id, query);
  return { data: bulkSendResource(found.send, found.rows) };
});
