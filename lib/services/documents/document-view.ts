import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documents, folderMemberships, signatories, spectators, users, type DocumentRow, type Signatory, type Spectator } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import type { FolderRole } from "@/lib/services/work-folders/folder-access";

/** A document as its readers see it: owner, the caller's folder role, current signers and spectators. */
export type DocumentView = {
  document: DocumentRow;
  owner: { name: string; email: string };
  role: FolderRole;
  signatories: Signatory[];
  spectators: Spectator[];
};

export const DOCUMENT_NOT_FOUND = "Document not found.";

/** The document if the actor belongs to its folder; otherwise "not found" (existence never leaks). */
export async function findAccessibleDocument(db: DbOrTx, actor: Actor, documentId: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select({ document: documents, role: folderMemberships.role })
    .from(documents)
    .innerJoin(folderMemberships, and(eq(folderMemberships.folderId, documents.folderId), eq(folderMemberships.userId, actor.userId)))
    .where(eq(documents.id, documentId));
  const [row] = options.forUpdate ? await query.for("update", { of: documents }) : await query;
  if (!row) throw new AppError("NOT_FOUND", DOCUMENT_NOT_FOUND);
  return row;
}

export async function findDocumentView(db: DbOrTx, actor: Actor, documentId: string): Promise<DocumentView> {
  const [row] = await db
    .select({ document: documents, role: folderMemberships.role, ownerName: users.name, ownerEmail: users.email })
    .from(documents)
    .innerJoin(folderMemberships, and(eq(folderMemberships.folderId, documents.folderId), eq(folderMemberships.userId, actor.userId)))
    .innerJoin(users, eq(users.id, documents.ownerUserId))
    .where(eq(documents.id, documentId));
  if (!row) throw new AppError("NOT_FOUND", DOCUMENT_NOT_FOUND);
  const [people] = await loadPeople(db, [documentId]);
  return { document: row.document, role: row.role, owner: { name: row.ownerName, email: row.ownerEmail }, ...people! };
}

/** Current signers and spectators of several documents, two queries whatever their number. */
export async function loadPeople(db: DbOrTx, documentIds: string[]): Promise<{ signatories: Signatory[]; spectators: Spectator[] }[]> {
  if (documentIds.length === 0) return [];
  const [signers, watchers] = await Promise.all([
    db.select().from(signatories).where(and(inArray(signatories.documentId, documentIds), isNull(signatories.removedAt))).orderBy(asc(signatories.position)),
    db.select().from(spectators).where(inArray(spectators.documentId, documentIds)).orderBy(asc(spectators.position)),
  ]);
  return documentIds.map((id) => ({ signatories: signers.filter((s) => s.documentId === id), spectators: watchers.filter((s) => s.documentId === id) }));
}
