import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { attemptWebhookDelivery } from "@/lib/services/webhooks/attempt-webhook-delivery";
import { defineJob } from "./job";
import { enqueue } from "./queue";

// One job is one attempt. The retry schedule is ours (stored on the delivery, shown in the
// dashboard), so the next attempt is a new job with startAfter rather than a pg-boss retry;
// pg-boss retries cover only a crash of the worker in the middle of an attempt.
export const deliverWebhookJob = defineJob({
  queue: "deliver-webhook",
  payload: z.object({ deliveryId: z.uuid() }),
  concurrency: 10,
  async handle({ deliveryId }) {
    const outcome = await attemptWebhookDelivery(getDb(), deliveryId);
    if (outcome.kind === "retry") {
      await enqueue("deliver-webhook", { deliveryId }, { startAfter: outcome.nextAttemptAt });
    }
  },
});
