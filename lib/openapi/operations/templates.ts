import { z } from "zod";
import { errorBody, QUOTA_EXCEEDED, quotaErrorBody } from "@/lib/schemas/common";
import { documentEnvelope } from "@/lib/schemas/signing";
import { bulkSendCreateQuery, bulkSendEnvelope, bulkSendQuery, createTemplateJsonBody, MAX_BULK_ROWS, pageQuery, templateEnvelope, templateList, templateParams, useTemplateInput } from "@/lib/schemas/templates";
import type { Operation } from "../registry";

const tags = ["Templates and bulk sending"];
const notFound = { 404: { description: "Unknown, or another account's (existence never leaks).", schema: errorBody } };

export const templateOperations: Operation[] = [
  {
    method: "get",
    path: "/v1/templates",
    operationId: "listTemplates",
    summary: "List templates",
    description: "The account's templates, newest first, in the list envelope of the reference's lists. `page` starts at 0; `size` 1–100 (default 20).",
    tags,
    security: "apiKey",
    query: pageQuery,
    responses: { 200: { description: "List envelope; links.self is /templates.", schema: templateList } },
  },
  {
    method: "post",
    path: "/v1/templates",
    operationId: "createTemplate",
    summary: "Save a template",
    description:
      "A template keeps a PDF, its signer roles in signing order (key, label, optional fixed RFC, boxes) and the document settings (order, reminders, allowed signature types). Three forms: `multipart/form-data` with the PDF as `file` and the settings as a `template` part holding JSON; `application/json` with the PDF in `file_base64`; or `application/json` with `document_id` to make it from one of your documents (its PDF, boxes, order and settings; `roles` names its signers in order, else firmante_1, firmante_2…). An optional `redirect_url` (https only, checked as a document's) is where documents made from the template send their signers after they sign or reject, unless their own request gives another; made from a document, the template takes the document's unless `redirect_url` is given (null for none). The PDF is stored once: documents made from the template share it. Upload limits as for documents (413, 415, 422 on `file`).",
    tags,
    security: "apiKey",
    body: createTemplateJsonBody,
    multipart: { file: "application/pdf", template: "application/json" },
    responses: {
      201: { description: "Created; `Location` is /v1/templates/{id}.", schema: templateEnvelope },
      404: { description: "`document_id` unknown or not in a folder of yours.", schema: errorBody },
      413: { description: "File too large.", schema: errorBody },
      415: { description: "Not a PDF.", schema: errorBody },
    },
  },
  {
    method: "get",
    path: "/v1/templates/{id}",
    operationId: "getTemplate",
    summary: "Show a template",
    tags,
    security: "apiKey",
    params: templateParams,
    responses: { 200: { description: "The template.", schema: templateEnvelope }, ...notFound },
  },
  {
    method: "delete",
    path: "/v1/templates/{id}",
    operationId: "deleteTemplate",
    summary: "Delete a template",
    description: "Documents made from it are not touched; bulk sends keep their results.",
    tags,
    security: "apiKey",
    params: templateParams,
    responses: { 204: { description: "Deleted." }, ...notFound },
  },
  {
    method: "post",
    path: "/v1/templates/{id}/documents",
    operationId: "createDocumentFromTemplate",
    summary: "Make a document from a template",
    description:
      "`roles` gives one person per role key of the template. The document gets the template's PDF, boxes, signing order and settings, and notifies as an uploaded one does. A role with a fixed RFC takes it; a person given another RFC is refused (422 on `roles.<key>.rfc`). A missing or unknown role, or one e-mail for two roles, is a 422 on `roles.<key>`. `container_id` is a work folder you belong to (404 otherwise); «mis documentos» when left out. `redirect_url` (https only) over the template's; the template's when left out, none with null.",
    tags,
    security: "apiKey",
    params: templateParams,
    body: useTemplateInput,
    responses: { 201: { description: "Created; `Location` is /v1/documents/{id}.", schema: documentEnvelope }, 404: { description: "Template or container unknown, or not yours.", schema: errorBody }, 429: { description: QUOTA_EXCEEDED, schema: quotaErrorBody } },
  },
  {
    method: "post",
    path: "/v1/templates/{id}/bulk-sends",
    operationId: "startBulkSend",
    summary: "Send a template to many people",
    description: `One document per row, made by a background job. Send the rows as the body, \`text/csv\` or JSON lines (\`application/x-ndjson\`, each line \`{"roles": {...}, "file_name": ...}\` as in createDocumentFromTemplate), or as a multipart \`file\`. CSV columns are \`<role>.nombre\`, \`<role>.email\` (both required for every role), \`<role>.telefono\`, \`<role>.rfc\`, \`<role>.curp\` (English names work too: name, phone) and an optional \`archivo\` (file name); a header naming anything else is a 422 on \`header\`; a control character (NUL, BEL…) anywhere refuses the whole file, a 422 naming each place (\`rows.<n>.<column>\`). At most ${MAX_BULK_ROWS} rows (413 past it) and 8 MB. Every row is checked before any document is made: a bad row (an e-mail that is not one, a missing name, another RFC than the role's fixed one) is reported in \`rows\` as FAILED with its errors and skipped; the others are made, each document whole (its people, audit event and notices in one transaction) or not at all. Every document takes the template's \`redirect_url\`, or the send's own given as the \`redirect_url\` query parameter (https only; anything else is a 422 on \`redirect_url\` before any row is read). The answer lists the refused rows; follow \`Location\` for progress. One bulk send per account at a time: while one is QUEUED or RUNNING another is a 409 naming it in \`bulk_send_id\`. A send pays its rows' documents from the account's quota when it starts, all or none, and its first notices must fit in what is left of the notices quota: otherwise 429 and nothing is made.`,
    tags,
    security: "apiKey",
    params: templateParams,
    query: bulkSendCreateQuery,
    responses: {
      202: { description: "Accepted; the job makes the documents. `rows` holds the rows refused by the checks.", schema: bulkSendEnvelope },
      404: { description: "Template or container unknown, or not yours.", schema: errorBody },
      413: { description: "More rows or bytes than a bulk send takes.", schema: errorBody },
      409: { description: "Another bulk send of this account is still QUEUED or RUNNING (`bulk_send_id` names it).", schema: errorBody.extend({ bulk_send_id: z.uuid() }) },
      415: { description: "Neither CSV, JSON lines nor multipart.", schema: errorBody },
      429: { description: QUOTA_EXCEEDED, schema: quotaErrorBody },
    },
  },
  {
    method: "get",
    path: "/v1/bulk-sends/{id}",
    operationId: "getBulkSend",
    summary: "Follow a bulk send",
    description: "Progress (`created`, `failed`, `pending` of `total_rows`; exact at any moment) and one page of the rows' outcomes: each row's document id or its errors. `status=FAILED` lists only the refused rows.",
    tags,
    security: "apiKey",
    params: templateParams,
    query: bulkSendQuery,
    responses: { 200: { description: "The bulk send.", schema: bulkSendEnvelope }, ...notFound },
  },
];
