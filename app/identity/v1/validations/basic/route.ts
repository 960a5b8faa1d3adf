import { getDb } from "@/lib/db/client";
import { apiRoute, json } from "@/lib/http/api-route";
import { identityApiLimit } from "@/lib/http/rate-limit";
import { base64BodyLimit } from "@/lib/http/read-body";
import { createIneValidationBody } from "@/lib/schemas/validations";
import { createIneValidation } from "@/lib/services/validations/create-ine-validation";
import { MAX_CARD_IMAGE_BYTES } from "@/lib/services/validations/store-card-image";
import { validateIneNow } from "@/lib/services/validations/validate-ine-now";
import { isoWithOffset } from "@/lib/services/validations/validation-format";

// Both card images and a selfie may come as Base64 (JSON) or as files (multipart).
const bodyLimit = base64BodyLimit(3 * MAX_CARD_IMAGE_BYTES);

/**
 * Card photos are checked in the call and answered 200 with the result (as the identity service's
 * clients expect), unless the caller gives a webhook or sends `Prefer: respond-async`; card data,
 * and photos asked for asynchronously, are queued: 201 {uuid, status: pending}, result at GET /{uuid}.
 */
export const POST = apiRoute({ auth: "apiKey", body: createIneValidationBody, bodyLimit, multipart: true, limit: identityApiLimit("createIneValidation") }, async ({ actor, body, req }) => {
  const wantsAsync = body.webhook !== null || /\brespond-async\b/i.test(req.headers.get("prefer") ?? "");
  if (body.ine_front !== undefined && body.ine_back !== undefined && !wantsAsync) {
    const { row, result } = await validateIneNow(getDb(), actor, { ...body, ine_front: body.ine_front, ine_back: body.ine_back });
    return json(result, 200, { "content-location": `/identity/v1/validations/basic/${row.id}` });
  }
  const row = await createIneValidation(getDb(), actor, body);
  return json({ uuid: row.id, status: row.status, created_at: isoWithOffset(row.createdAt) }, 201, wantsAsync && body.ine_front !== undefined ? { "preference-applied": "respond-async" } : {});
});
