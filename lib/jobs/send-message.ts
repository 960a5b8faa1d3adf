import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { dispatchMessage } from "@/lib/services/messages/dispatch-message";
import { defineJob } from "./job";

export const sendMessageJob = defineJob({
  queue: "send-message",
  payload: z.object({ messageId: z.uuid() }),
  async handle({ messageId }) {
    await dispatchMessage(getDb(), messageId);
  },
});
