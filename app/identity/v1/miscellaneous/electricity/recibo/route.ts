import { getDb } from "@/lib/db/client";
import { apiRoute, json } from "@/lib/http/api-route";
import { identityApiLimit } from "@/lib/http/rate-limit";
import { createReceiptValidationBody } from "@/lib/schemas/validations";
import { createReceiptValidation } from "@/lib/services/validations/create-receipt-validation";
import { isoWithOffset } from "@/lib/services/validations/validation-format";

export const POST = apiRoute({ auth: "apiKey", body: createReceiptValidationBody, limit: identityApiLimit("createReceiptValidation") }, async ({ actor, body }) => {
  const row = await createReceiptValidation(getDb(), actor, body);
  return json({ uuid: row.id, status: row.status, created_at: isoWithOffset(row.createdAt) }, 201);
});
