import { getDb } from "@/lib/db/client";
import { apiRoute, json } from "@/lib/http/api-route";
import { readDocumentUpload } from "@/lib/http/document-upload";
import { documentResourcesJson } from "@/lib/http/document-resource-cache";
import { documentResource, listEnvelopeJson } from "@/lib/http/signing-resources";
import { containerDocumentsQuery, documentParams } from "@/lib/schemas/signing";
import { createDocument } from "@/lib/services/documents/create-document";
import { findDocumentView, findDocumentViews } from "@/lib/services/documents/document-view";
import { listFolderPage } from "@/lib/services/documents/list-folder-documents";

export const GET = apiRoute({ auth: "apiKeyOrSession", params: documentParams, query: containerDocumentsQuery }, async ({ actor, params, query }) => {
  const page = await listFolderPage(getDb(), actor, params.uuid, { page: query.page ?? 0, size: query.size ?? 20, search: query.search });
  const items = await documentResourcesJson(page.items, actor, (ids) => findDocumentViews(getDb(), actor, params.uuid, ids));
  return new Response(listEnvelopeJson(items, page, "/documents"), { headers: { "content-type": "application/json" } });
});

export const POST = apiRoute({ auth: "apiKeyOrSession", params: documentParams }, async ({ actor, params, req }) => {
  const upload = await readDocumentUpload(req);
  const id = await createDocument(getDb(), actor, params.uuid, upload.input, { bytes: upload.bytes, name: upload.fileName });
  const view = await findDocumentView(getDb(), actor, id);
  return json({ data: documentResource(view, actor) }, 201, { Location: `/v1/documents/${id}` });
});
