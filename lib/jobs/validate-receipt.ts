import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { processReceiptValidation } from "@/lib/services/validations/process-receipt-validation";
import { defineJob } from "./job";

// A portal that cannot answer now makes the job throw: pg-boss retries it with backoff (queue.ts),
// and the attempt that reaches RECEIPT_MAX_ATTEMPTS writes ERROR instead of throwing.
export const validateReceiptJob = defineJob({
  queue: "validate-receipt",
  payload: z.object({ validationId: z.uuid() }),
  concurrency: 20,
  async handle({ validationId }) {
    const outcome = await processReceiptValidation(getDb(), validationId);
    if (outcome.kind === "retry") throw outcome.error;
  },
});
