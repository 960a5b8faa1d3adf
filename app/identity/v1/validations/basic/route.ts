import { getDb } from "@/lib/db/client";
import { apiRoute, json } from "@/lib/http/api-route";
import { base64BodyLimit } from "@/lib/http/read-body";
import { createIneValidationBody } from "@/lib/schemas/validations";
import { createIneValidation } from "@/lib/services/validations/create-ine-validation";
import { MAX_CARD_IMAGE_BYTES } from "@/lib/services/validations/store-card-image";
import { isoWithOffset } from "@/lib/services/validations/validation-format";

// Both card images may come as Base64.
const bodyLimit = base64BodyLimit(2 * MAX_CARD_IMAGE_BYTES);

export const POST = apiRoute({ auth: "apiKey", body: createIneValidationBody, bodyLimit }, async ({ actor, body }) => {
  const row = await createIneValidation(getDb(), actor, body);
  return json({ uuid: row.id, status: row.status, created_at: isoWithOffset(row.createdAt) }, 201);
});
