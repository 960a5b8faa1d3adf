import { and, desc, eq, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { auditEvents, signatories, users } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { findAccessibleDocument } from "@/lib/services/documents/document-view";

export type DocumentActivity = { id: number; action: string; actorName: string | null; signatoryId: string | null; createdAt: Date };

/**
 * What happened to a document, newest first: its own events plus notices resent to its
 * signers (those are recorded on the signatory, so they are found through the signers' ids,
 * removed ones included, which keeps the subject index in use).
 */
export async function listDocumentActivity(db: DbOrTx, actor: Actor, documentId: string, options: { limit?: number } = {}): Promise<DocumentActivity[]> {
  await findAccessibleDocument(db, actor, documentId);
  const signerIds = (await db.select({ id: signatories.id }).from(signatories).where(eq(signatories.documentId, documentId))).map((s) => s.id);
  const rows = await db
    .select({ id: auditEvents.id, action: auditEvents.action, subjectType: auditEvents.subjectType, subjectId: auditEvents.subjectId, actorName: users.name, createdAt: auditEvents.createdAt })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(
      or(
        and(eq(auditEvents.subjectType, "document"), eq(auditEvents.subjectId, documentId)),
        signerIds.length ? and(eq(auditEvents.subjectType, "signatory"), inArray(auditEvents.subjectId, signerIds)) : undefined,
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(options.limit ?? 50);
  return rows.map((r) => ({ id: r.id, action: r.action, actorName: r.actorName, signatoryId: r.subjectType === "signatory" ? r.subjectId : null, createdAt: r.createdAt }));
}
