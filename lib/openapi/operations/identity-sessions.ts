import { errorBody, validationErrorBody } from "@/lib/schemas/common";
import { createSessionV2Body, createSessionV3Body, identitySessionV2Body, identitySessionV2List, identitySessionV3, sessionListQuery, sessionV2Params, sessionV2Query } from "@/lib/schemas/identity-sessions";
import type { Operation } from "../registry";

const creationErrors = {
  402: { description: "No identity transactions left.", schema: errorBody },
  422: { description: 'Invalid input: `{"message": "The given data was invalid.", "errors": {"validations.0": ["..."]}}`.', schema: validationErrorBody },
};

export const identitySessionOperations: Operation[] = [
  {
    method: "post",
    path: "/identity/v3/identity/sessions",
    operationId: "createIdentitySessionV3",
    summary: "Create a verification session (version 3)",
    description:
      'Operation 9 of the reference. Every field is optional and an empty body is accepted. Answers **201** with the flat session (status OPEN, result null) and spends one identity transaction (402 `{"message": "Las transacciones del usuario se han terminado"}` when none are left). `verification_url` carries its own unguessable token, not the uuid: send the person there (with `phone_number`, Rúbrica also sends it by WhatsApp to +52 and the 10 digits). A session not finished `SESSION_TTL_HOURS` (72) after creation will be FAILED. Work in progress (issue 5): the verification page, the checks, status changes with their webhooks and the version 2 lookup and listing are being built; until the page exists the link answers 404.',
    tags: ["Identity: sessions"],
    security: "apiKey",
    body: createSessionV3Body,
    responses: {
      201: { description: "The session, OPEN.", schema: identitySessionV3 },
      ...creationErrors,
    },
  },
  {
    method: "post",
    path: "/identity/v2/identity/sessions",
    operationId: "createIdentitySessionV2",
    summary: "Create a verification session (version 2)",
    description:
      'The reference\'s version-2 creation: `validations` (INE, CURP; liveness only in version 3) and `redirect_url` are required, `customization` has five colors and `logo` is separate. Answers **200** `{data: {id, form_url, status, ...}, meta: {}}` (the version-2 session object) and spends one identity transaction (402 `{"message": "Las transacciones del usuario se han terminado"}`). Same sessions as version 3.',
    tags: ["Identity: sessions"],
    security: "apiKey",
    body: createSessionV2Body,
    responses: {
      200: { description: "The session, OPEN.", schema: identitySessionV2Body },
      ...creationErrors,
    },
  },
  {
    method: "get",
    path: "/identity/v2/identity/sessions",
    operationId: "listIdentitySessionsV2",
    summary: "List verification sessions (version 2)",
    description: "Not shown in the reference; its version-2 conventions. The caller's sessions of both versions, newest first, `{data: [...], meta: {current_page, per_page, total, last_page}}`; `page` starts at 1, `per_page` 1–100 (default 15), optional `status` filter.",
    tags: ["Identity: sessions"],
    security: "apiKey",
    query: sessionListQuery,
    responses: { 200: { description: "One page of sessions.", schema: identitySessionV2List }, 422: { description: "Invalid page, per_page or status.", schema: validationErrorBody } },
  },
  {
    method: "get",
    path: "/identity/v2/identity/sessions/{id}",
    operationId: "showIdentitySessionV2",
    summary: "Show a verification session (version 2)",
    description:
      'Not shown in the reference; its version-2 conventions: `{data: {...}, meta: {}}` with `data.id` and `data.form_url`. Works for sessions created with either version. `document_data`, `ocr` and `verifications` are null until the checks have run; `include=ine,renapo,files` adds the registry answers and the captured images (signed URLs valid 1 hour). Unknown, malformed or another user\'s id: 404 `{"message": "Sesión no encontrada."}`.',
    tags: ["Identity: sessions"],
    security: "apiKey",
    params: sessionV2Params,
    query: sessionV2Query,
    responses: { 200: { description: "The session.", schema: identitySessionV2Body }, 404: { description: "Unknown session.", schema: errorBody }, 422: { description: "Unknown include.", schema: validationErrorBody } },
  },
];
