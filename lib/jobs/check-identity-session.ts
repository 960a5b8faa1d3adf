import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { checkSession } from "@/lib/services/identity-sessions/check-session";
import { defineJob } from "./job";

// OCR and face models run on this process's CPU: two at a time keeps a 2-core worker responsive.
// A registry that cannot answer is retried by pg-boss until the service's attempt limit, where the
// session becomes FAILED.
export const checkIdentitySessionJob = defineJob({
  queue: "check-identity-session",
  payload: z.object({ sessionId: z.uuid() }),
  concurrency: 2,
  async handle({ sessionId }) {
    const outcome = await checkSession(getDb(), sessionId);
    if (outcome.kind === "retry") throw outcome.error;
  },
});
