import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { failAbandonedSessions } from "@/lib/services/identity-sessions/fail-abandoned-sessions";
import { defineJob } from "./job";

/** Every 5 minutes (pg-boss cron, once across all workers): abandoned sessions become FAILED. */
export const failAbandonedSessionsJob = defineJob({
  queue: "fail-abandoned-sessions",
  payload: z.object({}).passthrough(),
  async handle() {
    await failAbandonedSessions(getDb(), new Date());
  },
  schedule: "*/5 * * * *",
});
