import { desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import { chainHash, GENESIS_HASH } from "@/lib/crypto/audit-chain";

export type AuditEventInput = {
  actorUserId: string | null;
  action: string;
  subjectType?: string;
  subjectId?: string;
  data?: Record<string, unknown>;
  ip?: string | null;
};

/**
 * Appends an audit event. Events about a document (its own, or its signers' with
 * data.documentId) join that document's hash chain: appended one at a time under a
 * transaction-scoped advisory lock on the document, each storing the previous event's hash.
 */
export async function recordAuditEvent(db: DbOrTx, event: AuditEventInput): Promise<void> {
  const documentId = event.subjectType === "document" ? event.subjectId : typeof event.data?.documentId === "string" ? event.data.documentId : undefined;
  const base = { actorUserId: event.actorUserId, action: event.action, subjectType: event.subjectType ?? null, subjectId: event.subjectId ?? null, data: event.data ?? {}, ip: event.ip ?? null };
  if (!documentId) {
    await db.insert(auditEvents).values(base);
    return;
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`audit:${documentId}`}, 0))`);
    const [last] = await tx
      .select({ seq: auditEvents.seq, hash: auditEvents.hash })
      .from(auditEvents)
      .where(eq(auditEvents.documentId, documentId))
      .orderBy(desc(auditEvents.seq))
      .limit(1);
    const seq = (last?.seq ?? 0) + 1;
    const prevHash = last?.hash ?? GENESIS_HASH;
    // Milliseconds, as JavaScript keeps them, so the stored time hashes the same when read back.
    const createdAt = new Date();
    const hash = chainHash(prevHash, { ...base, seq, documentId, createdAt });
    await tx.insert(auditEvents).values({ ...base, createdAt, documentId, seq, prevHash, hash });
  });
}

/**
 * The first event of documents made in the caller's transaction, as rows to insert at once (bulk
 * sends): nobody else can append to a document that is not committed yet, so each is seq 1 after
 * the genesis hash, without recordAuditEvent's lock and read.
 */
export function firstEventsOfNewDocuments(events: (AuditEventInput & { subjectId: string })[]) {
  const createdAt = new Date();
  return events.map((event) => {
    const base = { actorUserId: event.actorUserId, action: event.action, subjectType: "document", subjectId: event.subjectId, data: event.data ?? {}, ip: event.ip ?? null };
    const row = { ...base, createdAt, documentId: event.subjectId, seq: 1, prevHash: GENESIS_HASH };
    return { ...row, hash: chainHash(GENESIS_HASH, row) };
  });
}
