import type { DbOrTx } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { recordAuditEvent, type AuditEventInput } from "./record-audit-event";

// Events whose answer does not wait for them, until written. On globalThis: Next's bundle and
// server.ts (which waits for them when stopping) each load their own copy of this module.
const KEY = Symbol.for("rubrica.auditEventsPending");
const store = globalThis as unknown as { [KEY]?: Set<Promise<void>> };
const pendingEvents = () => (store[KEY] ??= new Set());

/**
 * recordAuditEvent off the answer's path, for reads whose answer the person waits for (the
 * signing page and its first picture: the largest paint waited 40–400 ms for a document's chain
 * lock, read and insert). The app is a long-lived Node process (server.ts), so the write goes on
 * after the answer; a failure is logged, never thrown at a reader who already has their page.
 */
export function recordAuditEventLater(db: DbOrTx, event: AuditEventInput): void {
  const pending = pendingEvents();
  const write = recordAuditEvent(db, event)
    .catch((err: unknown) => logger().error({ err, action: event.action, subjectType: event.subjectType }, "audit event not recorded"))
    .finally(() => pending.delete(write));
  pending.add(write);
}

/** Resolves once every event recorded later so far is written (tests, and a graceful stop). */
export async function auditEventsWritten(): Promise<void> {
  const pending = pendingEvents();
  while (pending.size) await Promise.all(pending);
}
