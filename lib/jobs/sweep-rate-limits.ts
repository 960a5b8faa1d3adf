import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { sweepRateLimitWindows } from "@/lib/services/rate-limits/count-request";
import { defineJob } from "./job";

/** Every 5 minutes (pg-boss cron, once across all workers): ended rate-limit windows are deleted. */
export const sweepRateLimitsJob = defineJob({
  queue: "sweep-rate-limits",
  payload: z.object({}).passthrough(),
  async handle() {
    await sweepRateLimitWindows(getDb());
  },
  schedule: "*/5 * * * *",
});
