import { getDb } from "@/lib/db/client";
import { apiRoute, json } from "@/lib/http/api-route";
import { readBulkSendBody } from "@/lib/http/bulk-send-body";
import { bulkSendResource } from "@/lib/http/template-resources";
import { bulkSendCreateQuery, templateParams } from "@/lib/schemas/templates";
import { createBulkSend } from "@/lib/services/bulk-sends/create-bulk-send";
import { findBulkSend } from "@/lib/services/bulk-sends/find-bulk-send";

export const POST = apiRoute({ auth: "apiKeyOrSession", params: templateParams, query: bulkSendCreateQuery }, async ({ actor, params, query, req }) => {
  const body = await readBulkSendBody(req);
  const id = await createBulkSend(getDb(), actor, params.id, { folderId: query.container_id, redirectUrl: query.redirect_url, ...body });
  const found = await findBulkSend(getDb(), actor, id, { status: "FAILED" });
  return json({ data: bulkSendResource(found.send, found.rows) }, 202, { Location: `/v1/bulk-sends/${id}` });
});
