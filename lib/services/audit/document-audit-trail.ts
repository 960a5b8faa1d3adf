import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { auditEvents, users } from "@/lib/db/schema";
import { firstBrokenLink } from "@/lib/crypto/audit-chain";
import type { Actor } from "@/lib/services/actor";
import { findAccessibleDocument } from "@/lib/services/documents/document-view";

/** A document's audit trail in order, with the verdict of recomputing its hash chain. */
export async function documentAuditTrail(db: DbOrTx, actor: Actor, documentId: string) {
  await findAccessibleDocument(db, actor, documentId);
  const rows = await db
    .select({ event: auditEvents, actorName: users.name })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(eq(auditEvents.documentId, documentId))
    .orderBy(asc(auditEvents.seq));
  const chain = rows.map(({ event: e }) => ({ ...e, documentId, seq: e.seq!, prevHash: e.prevHash!, hash: e.hash!, data: e.data }));
  const broken = firstBrokenLink(chain);
  return {
    events: rows.map(({ event: e, actorName }) => ({
      seq: e.seq!,
      action: e.action,
      actor: actorName,
      subject_type: e.subjectType,
      subject_id: e.subjectId,
      data: e.data,
      ip: e.ip,
      created_at: e.createdAt.toISOString(),
      prev_hash: e.prevHash!,
      hash: e.hash!,
    })),
    chainValid: broken === -1,
    firstBrokenSeq: broken === -1 ? null : (rows[broken]?.event.seq ?? null),
  };
}
