import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { identityResultLimit } from "@/lib/http/rate-limit";
import { findReceiptValidation } from "@/lib/services/validations/find-receipt-validation";
import { receiptValidationBody } from "@/lib/services/validations/receipt-validation-view";

export const GET = apiRoute({ auth: "apiKey", params: z.object({ uuid: z.string() }), limit: identityResultLimit("showReceiptValidation", "uuid") }, async ({ actor, params }) =>
  receiptValidationBody(await findReceiptValidation(getDb(), actor, params.uuid), new Date()),
);
