import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { processIneValidation } from "@/lib/services/validations/process-ine-validation";
import { defineJob } from "./job";

// As validate-receipt: a voter roll that cannot answer is retried by pg-boss until the attempt
// limit, where the validation becomes failed.
export const validateIneJob = defineJob({
  queue: "validate-ine",
  payload: z.object({ validationId: z.uuid() }),
  concurrency: 20,
  async handle({ validationId }) {
    const outcome = await processIneValidation(getDb(), validationId);
    if (outcome.kind === "retry") throw outcome.error;
  },
});
