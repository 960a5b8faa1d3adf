import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { identitySessions, type IdentitySession, type SessionChecks, type SessionStatus } from "@/lib/db/schema";
import { enqueueWebhook } from "@/lib/services/webhooks/enqueue-webhook";
import { sessionV2View, type SessionInclude } from "./session-format";

export const SESSION_EVENT = "identity_session.status_changed";

/** What the checks found, written with the status change so the webhook carries it. */
export type SessionEvidence = Partial<Pick<IdentitySession, "documentData" | "ocr" | "verifications" | "ine" | "renapo" | "checks">>;

/**
 * Moves a session to `to` if it is still in one of `from`, and queues its webhook in the same
 * transaction: one conditional UPDATE, so two workers (or a retry after a crash) move it once and
 * the caller's webhook sees each change exactly once. Null when the session was not in `from`.
 */
export async function moveSession(
  db: DbOrTx,
  id: string,
  change: { from: SessionStatus[]; to: SessionStatus; result?: number | null; now: Date; evidence?: SessionEvidence },
): Promise<IdentitySession | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: identitySessions.status }).from(identitySessions).where(eq(identitySessions.id, id)).for("update");
    if (!before || !change.from.includes(before.status)) return null;
    const [moved] = await tx
      .update(identitySessions)
      .set({ ...change.evidence, status: change.to, updatedAt: change.now, ...(change.result !== undefined ? { result: change.result } : {}) })
      .where(and(eq(identitySessions.id, id), inArray(identitySessions.status, change.from)))
      .returning();
    if (moved?.webhook) {
      await enqueueWebhook(tx, { userId: moved.userId, eventType: SESSION_EVENT, url: moved.webhook, payload: await sessionEvent(tx, moved, before.status) });
    }
    return moved ?? null;
  });
}

/**
 * A session that cannot complete (a registry down past its attempts, too many unreadable
 * captures…): FAILED with result 0, the reason (and its cause, when one is known: which photo)
 * kept in `checks.errors` for the review.
 */
export function failSession(db: DbOrTx, id: string, change: { from: SessionStatus[]; reason: string; cause?: string; now: Date }): Promise<IdentitySession | null> {
  const errors = change.cause ? [change.reason, change.cause] : [change.reason];
  const checks: SessionChecks = { checked_at: change.now.toISOString(), outcomes: [], mrz: null, front_words: 0, face: null, liveness: null, errors };
  return moveSession(db, id, { from: change.from, to: "FAILED", result: 0, now: change.now, evidence: { checks } });
}

/**
 * The webhook body, the same on every status change of a version-2 or version-3 session: the whole
 * session as the version-2 detail answers it with include=ine,renapo,files (optionals exactly as
 * sent; files as signed URLs unless the session was created with with_webhook_binaries false),
 * `meta.include` saying what it holds, and the state it left.
 */
export async function sessionEvent(db: DbOrTx, session: IdentitySession, previousStatus: SessionStatus) {
  const include: SessionInclude[] = session.withWebhookBinaries ? ["ine", "renapo", "files"] : ["ine", "renapo"];
  return {
    event: SESSION_EVENT,
    previous_status: previousStatus,
    data: await sessionV2View(db, session, include),
    meta: { include },
  };
}
