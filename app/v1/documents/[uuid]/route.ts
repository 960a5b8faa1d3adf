import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { documentResource } from "@/lib/http/signing-resources";
import { documentParams, updateDocumentBody } from "@/lib/schemas/signing";
import { cancelDocument } from "@/lib/services/documents/cancel-document";
import { findDocumentView } from "@/lib/services/documents/document-view";
import { updateDocument } from "@/lib/services/documents/update-document";

export const GET = apiRoute({ auth: "apiKeyOrSession", params: documentParams }, async ({ actor, params }) => ({
  data: documentResource(await findDocumentView(getDb(), actor, params.uuid), actor),
}));

export const PATCH = apiRoute({ auth: "apiKeyOrSession", params: documentParams, body: updateDocumentBody }, async ({ actor, params, body }) => {
  await updateDocument(getDb(), actor, params.uuid, body.updateDocumentRequest);
  return { data: documentResource(await findDocumentView(getDb(), actor, params.uuid), actor) };
});

export const DELETE = apiRoute({ auth: "apiKeyOrSession", params: documentParams }, async ({ actor, params }) => {
  await cancelDocument(getDb(), actor, params.uuid);
  return { data: documentResource(await findDocumentView(getDb(), actor, params.uuid), actor) };
});
