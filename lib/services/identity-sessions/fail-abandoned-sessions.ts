import { and, asc, inArray, lte } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { identitySessions } from "@/lib/db/schema";
import { failSession } from "./move-session";

/**
 * Sessions still OPEN or VERIFYING at their expiry (SESSION_TTL_HOURS after creation) cannot
 * complete any more: the person left, or the checks never came back. They become FAILED with
 * result 0 and the error sesion_expirada (what `errors` answers), each with its webhook. Runs periodically; a batch at a time, oldest first.
 */
export async function failAbandonedSessions(db: DbOrTx, now: Date, batch = 500): Promise<number> {
  const due = await db
    .select({ id: identitySessions.id })
    .from(identitySessions)
    .where(and(inArray(identitySessions.status, ["OPEN", "VERIFYING"]), lte(identitySessions.expiresAt, now)))
    .orderBy(asc(identitySessions.expiresAt))
    .limit(batch);
  let failed = 0;
  for (const { id } of due) {
    if (await failSession(db, id, { from: ["OPEN", "VERIFYING"], reason: "sesion_expirada", now })) failed++;
  }
  return failed;
}
