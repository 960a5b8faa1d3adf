import { getDb } from "@/lib/db/client";
import { apiRoute, json } from "@/lib/http/api-route";
import { invalidBody, parseInput, readPdfUpload } from "@/lib/http/document-upload";
import { templateListEnvelope, templateResource } from "@/lib/http/template-resources";
import { createTemplateInput, pageQuery, templateFromDocumentInput } from "@/lib/schemas/templates";
import { createTemplate } from "@/lib/services/templates/create-template";
import { createTemplateFromDocument } from "@/lib/services/templates/create-template-from-document";
import { findTemplate } from "@/lib/services/templates/find-template";
import { listTemplates } from "@/lib/services/templates/list-templates";

export const GET = apiRoute({ auth: "apiKeyOrSession", query: pageQuery }, async ({ actor, query }) => {
  const page = await listTemplates(getDb(), actor, { page: query.page, size: query.size });
  return templateListEnvelope(page.items, page);
});

/** From an upload (multipart `file` + `template`, or JSON with file_base64) or from a document (JSON with document_id). */
export const POST = apiRoute({ auth: "apiKeyOrSession" }, async ({ actor, req }) => {
  const upload = await readPdfUpload(req, "template");
  let id: string;
  if (upload.bytes) id = await createTemplate(getDb(), actor, parseInput(createTemplateInput, upload.json), { bytes: upload.bytes, name: upload.fileName });
  else if ((upload.json as { document_id?: unknown } | null)?.document_id !== undefined) id = await createTemplateFromDocument(getDb(), actor, parseInput(templateFromDocumentInput, upload.json));
  else throw invalidBody({ document_id: ["Required: a document_id to make the template from, or the PDF (file_base64, or multipart `file`)."] });
  return json({ data: templateResource(await findTemplate(getDb(), actor, id)) }, 201, { Location: `/v1/templates/${id}` });
});
