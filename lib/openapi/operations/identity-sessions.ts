import { errorBody, IDENTITY_API_TOO_MANY_REQUESTS, TOO_MANY_REQUESTS, validationErrorBody } from "@/lib/schemas/common";
import { SESSION_FILE_KINDS, SESSION_STATUSES, SESSION_VALIDATIONS, createSessionV2Body, createSessionV3Body, identitySessionV2Body, identitySessionV2List, identitySessionV3, sessionListQuery, sessionV2Params, sessionV2Query } from "@/lib/schemas/identity-sessions";
import { z } from "zod";
import { receiptPdfQuery } from "@/lib/schemas/validations";
import { faceReaderFileParams } from "@/lib/schemas/face-reader-files";
import type { Operation } from "../registry";

const tooManyCalls = { 429: { description: IDENTITY_API_TOO_MANY_REQUESTS, schema: errorBody } };
const creationErrors = {
  402: { description: "No identity transactions left.", schema: errorBody },
  422: { description: 'Invalid input: `{"message": "The given data was invalid.", "errors": {"validations.0": ["..."]}}`.', schema: validationErrorBody },
  ...tooManyCalls,
};

export const identitySessionOperations: Operation[] = [
  {
    method: "post",
    path: "/identity/v3/identity/sessions",
    operationId: "createIdentitySessionV3",
    reference: true,
    summary: "Create a verification session (version 3)",
    description:
      'Operation 9 of the reference. Every field is optional and an empty body is accepted. Answers **201** with the flat session (status OPEN, result null) and spends one identity transaction (402 `{"message": "Las transacciones del usuario se han terminado"}` when none are left). `verification_url` carries its own unguessable token, not the uuid: send the person there (with `phone_number`, Rúbrica also sends it by WhatsApp to +52 and the 10 digits). A session not finished `SESSION_TTL_HOURS` (72) after creation will be FAILED. The page takes the person through consent, both sides of the INE, a selfie and (with LIVENESS_DETECTION) a head turn; then the checks run (OPEN → VERIFYING → FINISHED with `result`, or FAILED), each change sent to `webhook` as `{event: "identity_session.status_changed", previous_status, data: {object: "VerificationSession", ...the version-2 detail with include=ine,renapo,files}, meta: {include}}` (the same for version-2 and version-3 sessions; `files` left out when `with_webhook_binaries` is false).',
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
    reference: true,
    summary: "Create a verification session (version 2)",
    description:
      'The reference\'s version-2 creation: `validations` (INE, CURP; liveness only in version 3) and `redirect_url` are required, `customization` has five colors (`button_color`, `background_color`, `primary_color`, `secondary_color`, `button_text_color`, each #RRGGBB; anything else is 422 naming the field) and `logo` is separate. The colors are stored, echoed as `data.customization` (creation, detail, list, webhook) and painted on the verification page; **text stays readable**: where `button_text_color` has less than 4.5:1 contrast (WCAG 2.1 AA) with the button\'s color the page writes the buttons in black or white instead, whichever contrasts more, and the page\'s text is black or white, whichever contrasts more with `background_color`. With `phone_number` the link goes by WhatsApp to +52 and the 10 digits. Answers **200** `{data: {object: "VerificationSession", id, form_url, status, optionals, customization, ...}, meta: {}}` (the version-2 session object) and spends one identity transaction (402 `{"message": "Las transacciones del usuario se han terminado"}`). Same sessions as version 3.',
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
    reference: true,
    summary: "List verification sessions (version 2)",
    description: "The reference names this operation without showing its shape; it follows the reference's version-2 conventions. The caller's sessions of both versions, newest first, `{data: [...], meta: {current_page, per_page, total, last_page}}`; `page` starts at 1, `per_page` 1–100 (default 15), optional `status` filter.",
    tags: ["Identity: sessions"],
    security: "apiKey",
    query: sessionListQuery,
    responses: { 200: { description: "One page of sessions.", schema: identitySessionV2List }, 422: { description: "Invalid page, per_page or status.", schema: validationErrorBody }, ...tooManyCalls },
  },
  {
    method: "get",
    path: "/identity/v2/identity/sessions/{id}",
    operationId: "showIdentitySessionV2",
    reference: true,
    summary: "Show a verification session (version 2)",
    description:
      'The reference names this operation without showing its shape; it follows the reference\'s version-2 conventions: `{data: {...}, meta: {}}` with `data.id` and `data.form_url`. **`data.object` is "VerificationSession"**: the reference does not show this field for the detail, and the identity service\'s clients compare that name in its webhooks, so the detail, the list, the creation and the webhook all carry it (earlier versions of Rúbrica said "identity_session" here). `optionals` come back exactly as sent, `customization` holds the page\'s colors. Works for sessions created with either version. `document_data`, `ocr` and `verifications` are null until the checks have run; `include=ine,renapo,files` adds the registry answers with their verdicts where clients of the identity service read them (`ine.data.result.status`/`message`, `renapo.data.result.status`/`message`/`registros[0].curp`) and the captured images as file objects `{object, id, file_type, mime_type, size, url, created_at, updated_at}` (signed URLs valid 1 hour). `errors` (null or a list) says why a session did not fully pass; `comments` are the notes of the reviewers. Unknown, malformed or another user\'s id: 404 `{"message": "Sesión no encontrada."}`.',
    tags: ["Identity: sessions"],
    security: "apiKey",
    params: sessionV2Params,
    query: sessionV2Query,
    responses: { 200: { description: "The session.", schema: identitySessionV2Body }, 404: { description: "Unknown session.", schema: errorBody }, 422: { description: "Unknown include.", schema: validationErrorBody }, ...tooManyCalls },
  },
  {
    method: "get",
    path: "/identity/v2/identity/sessions/{id}/files/{kind}",
    operationId: "downloadIdentitySessionFile",
    summary: "Download a captured image (signed URL)",
    description: "The `files[].url` of a session (version 2 with `include=files`, and webhooks unless `with_webhook_binaries` is false): no API key, the `expires` and `signature` of the URL are the permission, for one hour. After that: 403 with a message; read the session again for new URLs.",
    tags: ["Identity: sessions"],
    security: "none",
    params: z.object({ id: z.string(), kind: z.enum(SESSION_FILE_KINDS) }),
    query: receiptPdfQuery,
    responses: { 200: { description: "The image as captured (JPEG, PNG or WebP).", contentType: "image/jpeg" }, 403: { description: "Expired or altered link.", schema: errorBody }, 404: { description: "No such image.", schema: errorBody } },
  },
  {
    method: "post",
    path: "/identity/verify/{token}/files/{kind}",
    operationId: "captureVerificationImage",
    summary: "Verification page: send a capture",
    description:
      "Used by the verification page (the token of `verification_url` is the permission); documented for custom front ends. The body is the image itself (`Content-Type: image/jpeg`, `image/png` or `image/webp`, up to 10 MB; at least 240 px on the long side for the front, 800 for the back, 480 for faces). Checked on arrival: the front must be a card the reader can read (found in the picture, in focus, at least 320 px wide there, or 240–320 px wide and read whole on arrival with a CURP that agrees with the names, birth date and sex read from its other lines) and show an INE front's printed labels (NOMBRE, CLAVE DE ELECTOR…) and no MRZ, the back's MRZ must read with every check digit, a selfie or liveness capture must hold exactly one face; a refusal is 422 with a message in Spanish for the person. A retake replaces the earlier capture. 409 once the session is no longer OPEN; 429 past 20 captures a minute per link.",
    tags: ["Identity: verification page"],
    security: "none",
    params: z.object({ token: z.string(), kind: z.enum(SESSION_FILE_KINDS) }),
    responses: {
      200: { description: "Stored.", schema: z.object({ kind: z.enum(SESSION_FILE_KINDS), stored: z.literal(true) }) },
      404: { description: "Unknown link.", schema: errorBody },
      409: { description: "The session no longer takes captures.", schema: errorBody },
      413: { description: "Over 10 MB.", schema: errorBody },
      415: { description: "Not a JPEG, PNG or WebP image.", schema: errorBody },
      422: { description: "Empty, over 40 megapixels, or unreadable: too small, a front with no card found in it, a card under 240 px wide, or 240–320 px wide or blurred whose CURP does not agree with the names, birth date and sex read, a front without an INE's labels or with an MRZ (the back sent as the front), a back without a readable MRZ, no face or several faces.", schema: validationErrorBody },
      429: { description: TOO_MANY_REQUESTS, schema: errorBody },
    },
  },
  {
    method: "post",
    path: "/identity/verify/{token}/submit",
    operationId: "submitVerification",
    summary: "Verification page: start the checks",
    description: "With every capture the session needs (INE front and back, selfie, and the liveness turn when asked): OPEN → VERIFYING (its webhook) and the checks job queued in one transaction. Sending again answers the current status and changes nothing. 422 lists what is missing.",
    tags: ["Identity: verification page"],
    security: "none",
    params: z.object({ token: z.string() }),
    responses: { 200: { description: "The status now.", schema: z.object({ status: z.enum(SESSION_STATUSES) }) }, 404: { description: "Unknown link.", schema: errorBody }, 409: { description: "The link expired.", schema: errorBody }, 422: { description: "Captures missing.", schema: validationErrorBody } },
  },
  {
    method: "get",
    path: "/identity/verify/{token}/status",
    operationId: "verificationStatus",
    summary: "Verification page: status",
    description: "What the page needs to show: status, whether the link expired, the validations asked, branding, redirect_url and which captures are in. No evidence and no ids.",
    tags: ["Identity: verification page"],
    security: "none",
    params: z.object({ token: z.string() }),
    responses: { 200: { description: "The page's view of the session.", schema: z.object({ status: z.enum(SESSION_STATUSES), expired: z.boolean(), validations: z.array(z.enum(SESSION_VALIDATIONS)), liveness: z.boolean(), only_mobile_devices: z.boolean(), branding: z.record(z.string(), z.string()), redirect_url: z.string().nullable(), captured: z.record(z.string(), z.boolean()) }) }, 404: { description: "Unknown link.", schema: errorBody } },
  },
  {
    method: "get",
    path: "/identity/verify/models/{version}/{file}",
    operationId: "verificationFaceReaderFile",
    summary: "Verification page: face reader files",
    description:
      "Not an API: the files the verification page loads, when the session asks for LIVENESS_DETECTION, to find the face and read the head's turn in the browser and capture by itself (the server judges the captures again and decides). The face box and head pose models of @vladmandic/human (`blazeface`, `facemesh`: `.json` and `.bin`) and TensorFlow's WASM backend (`.wasm`, with and without SIMD), served from the app so no CDN sees who verifies. `version` is the human version the page was built with; another one is 404. Cached for a year (`immutable`).",
    tags: ["Identity: verification page"],
    security: "none",
    params: faceReaderFileParams,
    responses: {
      200: { description: "The file: `application/json` (model), `application/octet-stream` (weights) or `application/wasm`.", contentType: "application/octet-stream" },
      404: { description: "Another version than the one installed.", schema: errorBody },
    },
  },
];
