import { errorBody, validationErrorBody } from "@/lib/schemas/common";
import { createSessionV3Body, identitySessionV3 } from "@/lib/schemas/identity-sessions";
import type { Operation } from "../registry";

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
      402: { description: "No identity transactions left.", schema: errorBody },
      422: { description: 'Invalid input: `{"message": "The given data was invalid.", "errors": {"validations.0": ["..."]}}`.', schema: validationErrorBody },
    },
  },
];
