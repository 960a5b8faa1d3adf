import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { notifySignatories } from "@/lib/services/notices/notify-signatories";
import { defineJob } from "./job";

export const notifySignatoriesJob = defineJob({
  queue: "notify-signatories",
  payload: z.object({ documentId: z.uuid() }),
  async handle({ documentId }) {
    await notifySignatories(getDb(), documentId);
  },
});
