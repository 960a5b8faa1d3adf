import { errorBody, IDENTITY_API_TOO_MANY_REQUESTS, validationErrorBody } from "@/lib/schemas/common";
import {
  createIneValidationBody,
  createReceiptValidationBody,
  ineValidation,
  ineValidationCreated,
  ineValidationResult,
  receiptPdfQuery,
  receiptValidation,
  receiptValidationCreated,
  validationParams,
} from "@/lib/schemas/validations";
import { ineValidationAnswerExamples, ineValidationRequestExamples } from "../examples/ine-validation";
import type { Operation } from "../registry";

const CARD_IMAGE_PART = "image/jpeg, image/png, image/webp, text/plain";

const tooManyCalls = { 429: { description: IDENTITY_API_TOO_MANY_REQUESTS, schema: errorBody } };
const notFound = { 404: { description: 'Unknown, malformed or another user\'s uuid: `{"message": "Validación no encontrada."}`.', schema: errorBody } };
const invalid = { 422: { description: 'Invalid input: `{"message": "The given data was invalid.", "errors": {"field": ["..."]}}`.', schema: validationErrorBody } };
const webhooks =
  "Webhooks are signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>` with your secret from Settings → Webhooks) and retried up to 8 times over 27 h; each delivery is listed in the dashboard.";

export const validationOperations: Operation[] = [
  {
    method: "post",
    path: "/identity/v1/validations/basic",
    operationId: "createIneValidation",
    summary: "Create a full INE validation",
    description: `Follows the reference's conventions (and those of the identity service's existing clients). Checks an INE credential and spends one identity transaction (402 \`{"message": "Las transacciones del usuario se han terminado"}\` when none are left). **Two ways, one result body.** *Synchronous* (card photos without \`webhook\` and without \`Prefer: respond-async\`): send \`ine_front\`, \`ine_back\` and optionally \`selfie\` (raw Base64 or \`data:image/jpeg;base64,…\`; \`model\` "D" or "basic" is accepted), as JSON or as multipart/form-data with the same field names (file parts, or text parts holding Base64 or a data URI: \`curl -H "Authorization: Bearer rk_…" -F ine_front=@ine-front.jpg -F ine_back=@ine-back.jpg -F selfie=@selfie.jpg -F model=D …/identity/v1/validations/basic\`); the answer is **200** with the result itself: \`data.status\` (true when the voter roll holds the credential as current and, with a selfie, the faces match), \`data.message\`, \`data.dataOcr\` (the MRZ fields as strings), \`data.documentInformation.documentData[]\` and \`documentVerifications[]\`, \`data.faceComparison\` (with a selfie), \`data.ineNominalList\`, \`data.renapo\`, and \`meta\`; the validation is kept (its uuid in \`Content-Location\`) and GET /{uuid} answers the same result. A registry that cannot answer makes its part say so (\`ineNominalList.maintenance: true\`) and \`status\` false. An unreadable back, or a front the reader cannot read (no card found in it, the card under 240 px wide, or a card 240–320 px wide or blurred whose CURP does not agree with the names, birth date and sex read), answers 200 with \`status\` false and the reason in \`message\`, before any registry is asked; a front image under 240 px (a back under 600) on its long side is 422. *Asynchronous* (card data, or photos with \`webhook\` or \`Prefer: respond-async\`): **201** \`{uuid, status: "pending", created_at}\` at once; a job moves it pending → processing → completed (\`result.data.status\` true only for a current credential) or failed (the voter roll could not be asked after 4 attempts with backoff); for card photos \`result\` is the same body the synchronous way answers (without \`faceComparison\`: the selfie is only compared in the call). Card data: models E, F, G, H as \`cic\` + \`identificador_ciudadano\`, models C, D as \`clave_elector\` + \`numero_emision\` + \`ocr\`. With \`webhook\`, the final object (operation 10's shape) is POSTed once. ${webhooks} Sandbox credentials and card images are listed in the README; the examples here are the sandbox's answers for person 1's card (\`npm run cli -- sandbox:identity --person 1\`), with its selfie and with another face, lists trimmed.`,
    tags: ["Identity: validations"],
    security: "apiKey",
    body: createIneValidationBody,
    bodyExamples: ineValidationRequestExamples,
    // The same field names as files or as text (Base64 or a data URI).
    multipart: { ine_front: CARD_IMAGE_PART, ine_back: CARD_IMAGE_PART, selfie: CARD_IMAGE_PART },
    responses: {
      200: { description: "Card photos, checked in the call: the result.", schema: ineValidationResult, examples: ineValidationAnswerExamples },
      201: { description: "Queued.", schema: ineValidationCreated },
      402: { description: "No identity transactions left.", schema: errorBody },
      ...invalid,
      ...tooManyCalls,
      503: { description: "Card photos: the card reader is busy (every reading slot and place in line taken); nothing was recorded or charged. Try again after `Retry-After` seconds.", schema: errorBody },
    },
  },
  {
    method: "get",
    path: "/identity/v1/validations/basic/{uuid}",
    operationId: "showIneValidation",
    reference: true,
    summary: "Show a full INE validation",
    description: "Operation 10 of the reference: poll until status is completed or failed; `result` is present only then.",
    tags: ["Identity: validations"],
    security: "apiKey",
    params: validationParams,
    responses: { 200: { description: "The validation.", schema: ineValidation }, ...notFound, ...tooManyCalls },
  },
  {
    method: "post",
    path: "/identity/v1/miscellaneous/electricity/recibo",
    operationId: "createReceiptValidation",
    reference: true,
    summary: "Create an electricity receipt validation",
    description: `Operation 11 of the reference. Answers **201** \`{uuid, status: "pendiente", created_at}\` at once; a job asks the utility portal (it may take minutes) and ends in OK, DATOS_NO_COINCIDEN (with \`codigo_rechazo\` NOMBRE_NO_COINCIDE, IMPORTE_NO_COINCIDE or SERVICIO_NO_ENCONTRADO) or ERROR (the portal could not answer after 4 attempts with backoff; \`error_message\` says why). **Matching rule:** the holder name matches after trimming, folding runs of spaces and ignoring case (accents count); the amount matches as a number (\`1234.5\` equals \`1234.50\`, \`987\` equals \`987.00\`); the name is checked first. Official data and the PDF are returned only when everything matches. Receipt validations spend no identity transaction. With \`webhook\`, the final object is POSTed once (operation 12's shape without job_id, webhook and raw_response). ${webhooks}`,
    tags: ["Identity: validations"],
    security: "apiKey",
    body: createReceiptValidationBody,
    responses: { 201: { description: "Queued.", schema: receiptValidationCreated }, ...invalid, ...tooManyCalls },
  },
  {
    method: "get",
    path: "/identity/v1/miscellaneous/electricity/recibo/{uuid}",
    operationId: "showReceiptValidation",
    reference: true,
    summary: "Show an electricity receipt validation",
    description: "Operation 12 of the reference: poll until status is no longer pendiente. While pendiente, `result.estado` is pendiente and `verificado` false. `result.pdf_url` is a fresh signed URL on every answer, valid for one hour. `error_message` is present only when status is ERROR.",
    tags: ["Identity: validations"],
    security: "apiKey",
    params: validationParams,
    responses: { 200: { description: "The validation.", schema: receiptValidation }, ...notFound, ...tooManyCalls },
  },
  {
    method: "get",
    path: "/identity/v1/miscellaneous/electricity/recibo/{uuid}/pdf",
    operationId: "downloadReceiptPdf",
    summary: "Download the receipt PDF (signed URL)",
    description: "The `pdf_url` of a validation: no API key, the `expires` and `signature` of the URL are the permission, for one hour. After that: 403 with a message; ask for the validation again for a new URL.",
    tags: ["Identity: validations"],
    security: "none",
    params: validationParams,
    query: receiptPdfQuery,
    responses: { 200: { description: "The receipt PDF.", contentType: "application/pdf" }, 403: { description: "Expired or altered link.", schema: errorBody }, ...notFound },
  },
];
