import { getDb } from "@/lib/db/client";
import { apiRoute, json } from "@/lib/http/api-route";
import { createIneValidationBody } from "@/lib/schemas/validations";
import { createIneValidation } from "@/lib/services/validations/create-ine-validation";
import { isoWithOffset } from "@/lib/services/validations/validation-format";

export const POST = apiRoute({ auth: "apiKey", body: createIneValidationBody }, async ({ actor, body }) => {
  const row = await createIneValidation(getDb(), actor, body);
  return json({ uuid: row.id, status: row.status, created_at: isoWithOffset(row.createdAt) }, 201);
});
