import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { identityResultLimit } from "@/lib/http/rate-limit";
import { findIneValidation } from "@/lib/services/validations/find-ine-validation";
import { ineValidationBody } from "@/lib/services/validations/ine-validation-view";

export const GET = apiRoute({ auth: "apiKey", params: z.object({ uuid: z.string() }), limit: identityResultLimit("showIneValidation", "uuid") }, async ({ actor, params }) =>
  ineValidationBody(await findIneValidation(getDb(), actor, params.uuid)),
);
