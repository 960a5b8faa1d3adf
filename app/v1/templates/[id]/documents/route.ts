import { getDb } from "@/lib/db/client";
import { apiRoute, json } from "@/lib/http/api-route";
import { documentResource } from "@/lib/http/signing-resources";
import { templateParams, useTemplateInput } from "@/lib/schemas/templates";
import { findDocumentView } from "@/lib/services/documents/document-view";
import { createDocumentFromTemplate } from "@/lib/services/templates/create-document-from-template";

export const POST = apiRoute({ auth: "apiKeyOrSession", params: templateParams, body: useTemplateInput }, async ({ actor, params, body }) => {
  const id = await createDocumentFromTemplate(getDb(), actor, params.id, body);
  return json({ data: documentResource(await findDocumentView(getDb(), actor, id), actor) }, 201, { Location: `/v1/documents/${id}` });
});
