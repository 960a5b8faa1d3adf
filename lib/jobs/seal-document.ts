import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { sealDocument } from "@/lib/services/signing/seal-document";
import { sweepUnsealed } from "@/lib/services/signing/sweep-unsealed";
import { defineJob } from "./job";

export const sealDocumentJob = defineJob({
  queue: "seal-document",
  payload: z.object({ documentId: z.uuid() }),
  async handle({ documentId }) {
    const outcome = await sealDocument(getDb(), documentId);
    logger().info({ documentId, outcome }, "seal");
  },
});

/** Every five minutes: re-queue seals that did not finish. */
export const sweepSealsJob = defineJob({
  queue: "sweep-seals",
  payload: z.object({}).passthrough(),
  async handle() {
    const requeued = await sweepUnsealed(getDb());
    if (requeued.length) logger().warn({ requeued }, "re-queued unsealed documents");
  },
  schedule: "*/5 * * * *",
});
