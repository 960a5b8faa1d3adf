import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { apiRoute } from "@/lib/http/api-route";
import { documentResourcesJson } from "@/lib/http/document-resource-cache";
import { documentResource } from "@/lib/http/signing-resources";
import { documentParams, updateDocumentBody } from "@/lib/schemas/signing";
import { cancelDocument } from "@/lib/services/documents/cancel-document";
import { DOCUMENT_NOT_FOUND, findDocumentVersion, findDocumentView, findDocumentViews } from "@/lib/services/documents/document-view";
import { updateDocument } from "@/lib/services/documents/update-document";

// Integrations poll this for a document's state: the resource rendered before is sent again
// while the document's rows are unchanged (document-resource-cache.ts).
export const GET = apiRoute({ auth: "apiKeyOrSession", params: documentParams }, async ({ actor, params }) => {
  const found = await findDocumentVersion(getDb(), actor, params.uuid);
  const [resource] = await documentResourcesJson([found], actor, (ids) => findDocumentViews(getDb(), actor, found.folderId, ids));
  if (!resource) throw new AppError("NOT_FOUND", DOCUMENT_NOT_FOUND); // moved out of reach since
  return new Response(`{"data":${resource}}`, { headers: { "content-type": "application/json" } });
});

export const PATCH = apiRoute({ auth: "apiKeyOrSession", params: documentParams, body: updateDocumentBody }, async ({ actor, params, body }) => {
  await updateDocument(getDb(), actor, params.uuid, body.updateDocumentRequest);
  return { data: documentResource(await findDocumentView(getDb(), actor, params.uuid), actor) };
});

export const DELETE = apiRoute({ auth: "apiKeyOrSession", params: documentParams }, async ({ actor, params }) => {
  await cancelDocument(getDb(), actor, params.uuid);
  return { data: documentResource(await findDocumentView(getDb(), actor, params.uuid), actor) };
});
