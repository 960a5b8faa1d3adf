import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { sendDueReminders } from "@/lib/services/notices/send-due-reminders";
import { defineJob } from "./job";

/** Runs every minute (pg-boss cron, one run per minute across all workers). */
export const sendRemindersJob = defineJob({
  queue: "send-reminders",
  payload: z.object({}).passthrough(),
  async handle() {
    await sendDueReminders(getDb(), new Date());
  },
  schedule: "* * * * *",
});
