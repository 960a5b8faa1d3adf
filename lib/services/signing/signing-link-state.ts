import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { companyProfiles, DOCUMENT_STATUS, documents, signatories, users, type DocumentRow, type Signatory } from "@/lib/db/schema";
import { brandJoin, brandNameSql } from "@/lib/services/company-profiles/find-company-profile";
import { AppError } from "@/lib/errors";

export const LINK_NOT_FOUND = "This signing link does not exist.";

/** What a signing link leads to: the signer, their document, its owner and the other signers. */
export async function loadSigningLink(db: DbOrTx, signatoryId: string) {
  const [row] = await db
    // The signer is shown the owner's company name when it has a profile (company-profiles/).
    .select({ signer: signatories, document: documents, ownerName: brandNameSql, ownerEmail: users.email })
    .from(signatories)
    .innerJoin(documents, eq(documents.id, signatories.documentId))
    .innerJoin(users, eq(users.id, documents.ownerUserId))
    .leftJoin(companyProfiles, brandJoin)
    .where(eq(signatories.id, signatoryId));
  if (!row) throw new AppError("NOT_FOUND", LINK_NOT_FOUND);
  const all = await db.select().from(signatories).where(eq(signatories.documentId, row.document.id)).orderBy(asc(signatories.position));
  return { ...row, signers: all.filter((s) => !s.removedAt) };
}

export type SigningLink = Awaited<ReturnType<typeof loadSigningLink>>;

export type LinkStatus = "ACTIVE" | "SIGNED" | "REJECTED" | "REMOVED" | "DOCUMENT_CANCELLED" | "DOCUMENT_REJECTED" | "DOCUMENT_EXPIRED" | "NOT_YOUR_TURN";

/** Whether the link may sign or reject now, and if not, why (in the order a person needs to hear it). */
export function linkStatus(signer: Signatory, document: DocumentRow, signers: Signatory[]): { status: LinkStatus; waitingFor: string | null } {
  if (signer.removedAt) return { status: "REMOVED", waitingFor: null };
  if (signer.signStatus === "SIGNED") return { status: "SIGNED", waitingFor: null };
  if (signer.signStatus === "REJECTED") return { status: "REJECTED", waitingFor: null };
  if (document.signStatus === 4) return { status: "DOCUMENT_CANCELLED", waitingFor: null };
  if (document.signStatus === 3) return { status: "DOCUMENT_REJECTED", waitingFor: null };
  if (document.signStatus === 5) return { status: "DOCUMENT_EXPIRED", waitingFor: null };
  if (document.signatureOrdered === "ACTIVE") {
    const first = signers.find((s) => s.signStatus === "PENDING");
    if (first && first.id !== signer.id) return { status: "NOT_YOUR_TURN", waitingFor: first.name };
  }
  return { status: "ACTIVE", waitingFor: null };
}

const REFUSAL: Record<Exclude<LinkStatus, "ACTIVE">, string> = {
  SIGNED: "You already signed this document.",
  REJECTED: "You already rejected this document.",
  REMOVED: "The owner removed you from this document; this link no longer works.",
  DOCUMENT_CANCELLED: "The owner cancelled this document; it can no longer be signed.",
  DOCUMENT_REJECTED: "A signer rejected this document; it can no longer be signed.",
  DOCUMENT_EXPIRED: "This document expired; it can no longer be signed.",
  NOT_YOUR_TURN: "It is not your turn to sign yet.",
};

export function assertLinkActive(state: { status: LinkStatus; waitingFor: string | null }): void {
  if (state.status === "ACTIVE") return;
  const message = state.status === "NOT_YOUR_TURN" && state.waitingFor ? `It is not your turn to sign yet: waiting for ${state.waitingFor}.` : REFUSAL[state.status];
  throw new AppError("CONFLICT", message);
}

export function isSigningOpen(signer: Pick<Signatory, "signStatus" | "removedAt">, document: Pick<DocumentRow, "signStatus">): boolean {
  return signer.signStatus === "PENDING" && !signer.removedAt && document.signStatus === 1;
}


/**
 * Whether the link still shows the document: not to a removed signer, nor once it is closed
 * without being signed (cancelled by the owner, rejected by a signer); a signed one keeps showing
 * the sealed file, for the signers to keep.
 */
export function linkShowsDocument(signer: Pick<Signatory, "removedAt">, document: Pick<DocumentRow, "signStatus">): boolean {
  return !signer.removedAt && document.signStatus !== DOCUMENT_STATUS.CANCELLED && document.signStatus !== DOCUMENT_STATUS.REJECTED;
}
