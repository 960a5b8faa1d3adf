import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { auditEvents, documents, signatories, spectators, users, type SignatureType } from "@/lib/db/schema";
import { enqueueMany } from "@/lib/jobs/queue";
import type { Actor } from "@/lib/services/actor";
import { firstEventsOfNewDocuments } from "@/lib/services/audit/record-audit-event";
import { spendAccountQuota } from "@/lib/services/quota/spend-account-quota";

/** A document ready to write: its settings and people, checked and normalized already. */
export type DocumentDraft = {
  fileName: string;
  signatureOrdered: "INACTIVE" | "ACTIVE";
  notificationMode: "ENABLED" | "DISABLED";
  signPosition: "DEFAULT" | "CUSTOM";
  allowTypeSignatures: SignatureType[];
  tries: number;
  rememberEvery: number;
  rememberAt: string;
  signatories: { name: string; email: string; phone: string | null; rfc: string | null; curp: string | null; positions: string | null; redirectUrl?: string | null; rfcFixed?: boolean }[];
  spectators: { name: string; email: string }[];
  /** Where the signing page sends a signer after they act (embedded signing's plain-link fallback). */
  redirectUrl?: string | null;
  /** Extra audit data (the template a document came from). */
  audit?: Record<string, unknown>;
};

/**
 * Writes documents over one stored PDF, with their people, first audit events and notice jobs,
 * a statement per table whatever their number: one upload and a bulk send's batch of a hundred
 * take the same path. Run it in a transaction: the documents exist with their jobs or not at all.
 * Each document spends one of the owner's documents quota (429 past it), unless `prepaid` (a
 * bulk send pays for all its rows when it starts).
 */
export async function insertDocuments(tx: DbOrTx, actor: Pick<Actor, "userId" | "apiKeyId">, folderId: string, file: { sha256: string; pageCount: number }, drafts: DocumentDraft[], options: { prepaid?: boolean } = {}): Promise<string[]> {
  if (!drafts.length) return [];
  if (!options.prepaid) await spendAccountQuota(tx, actor.userId, "documents", drafts.length);
  const [creator] = await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
  // Ids made here rather than read back from RETURNING, whose order SQL does not promise.
  const ids = drafts.map(() => crypto.randomUUID());
  await tx.insert(documents).values(
    drafts.map((d, i) => ({
      id: ids[i]!,
      folderId,
      ownerUserId: actor.userId,
      fileName: d.fileName,
      originalHash: file.sha256,
      pageCount: file.pageCount,
      signatureOrdered: d.signatureOrdered,
      notificationMode: d.notificationMode,
      signPosition: d.signPosition,
      allowTypeSignatures: d.allowTypeSignatures,
      tries: d.tries,
      rememberEvery: d.rememberEvery,
      rememberAt: d.rememberAt,
      createdBy: creator?.email ?? null,
      // The key whose embed_origins may frame this document's signing pages (lib/services/signing/signing-link-embedding.ts).
      apiKeyId: actor.apiKeyId ?? null,
      redirectUrl: d.redirectUrl ?? null,
    })),
  );
  await tx.insert(signatories).values(drafts.flatMap((d, i) => d.signatories.map((s, position) => ({ documentId: ids[i]!, position, ...s }))));
  const watchers = drafts.flatMap((d, i) => d.spectators.map((s, position) => ({ documentId: ids[i]!, position, name: s.name, email: s.email })));
  if (watchers.length) await tx.insert(spectators).values(watchers);
  await tx.insert(auditEvents).values(
    firstEventsOfNewDocuments(
      drafts.map((d, i) => ({
        actorUserId: actor.userId,
        action: "document.created",
        subjectId: ids[i]!,
        data: { fileName: d.fileName, originalHash: file.sha256, signatories: d.signatories.length, spectators: d.spectators.length, ...d.audit },
      })),
    ),
  );
  await enqueueMany(
    "notify-signatories",
    ids.filter((_, i) => drafts[i]!.notificationMode === "ENABLED").map((documentId) => ({ documentId })),
    tx,
  );
  return ids;
}
