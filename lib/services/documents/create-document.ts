import type { DbOrTx } from "@/lib/db/client";
import { documents, signatories, spectators, storedFiles, users } from "@/lib/db/schema";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { env } from "@/lib/env";
import { AppError, invalid } from "@/lib/errors";
import { enqueue } from "@/lib/jobs/queue";
import { inspectPdf } from "@/lib/pdf/inspect-pdf";
import type { CreateDocumentInput } from "@/lib/schemas/signing";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { requireFolderRole } from "@/lib/services/work-folders/folder-access";
import { eq } from "drizzle-orm";
import { serializePositions } from "./signatory-positions";

export const PDF_PROBLEMS = {
  encrypted: "The PDF is protected with a password. Remove the protection (print it to a new PDF) and upload it again.",
  unreadable: "The file looks like a PDF but cannot be read; it may be damaged. Export it again and upload the new file.",
  empty: "The PDF has no pages.",
} as const;

/**
 * Uploads a PDF into a folder with its signers and spectators. The file is stored by content
 * first (a crash leaves at most an unreferenced file); then the document, its people and the
 * notice job are written in one transaction, so a document never exists without its job.
 */
export async function createDocument(db: DbOrTx, actor: Actor, folderId: string, input: CreateDocumentInput, file: { bytes: Uint8Array; name?: string }): Promise<string> {
  await requireFolderRole(db, actor, folderId);
  const limit = env().MAX_UPLOAD_MB * 1024 * 1024;
  if (file.bytes.byteLength > limit) throw new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${env().MAX_UPLOAD_MB} MB.`);
  const inspection = await inspectPdf(file.bytes);
  if (!inspection.ok) {
    if (inspection.problem === "not-pdf") throw new AppError("UNSUPPORTED_MEDIA_TYPE", "The file is not a PDF.");
    throw invalid("file", PDF_PROBLEMS[inspection.problem]);
  }
  const fileName = input.file_name ?? file.name?.trim() ?? "";
  if (!fileName) throw invalid("file_name", "Required: give file_name or upload the file with a name.");
  const positions = serializePositions(input.signatures, inspection.pageCount);
  const stored = await fileStorage().put(file.bytes);

  return db.transaction(async (tx) => {
    const [creator] = await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
    await tx.insert(storedFiles).values({ sha256: stored.sha256, size: stored.size, contentType: "application/pdf" }).onConflictDoNothing();
    const [document] = await tx
      .insert(documents)
      .values({
        folderId,
        ownerUserId: actor.userId,
        fileName,
        originalHash: stored.sha256,
        pageCount: inspection.pageCount,
        signatureOrdered: input.signature_ordered,
        notificationMode: input.notification_mode,
        signPosition: input.sign_position,
        allowTypeSignatures: input.config.allow_type_signatures,
        tries: input.tries,
        rememberEvery: input.remember_every,
        rememberAt: input.remember_at,
        createdBy: creator?.email ?? null,
      })
      .returning({ id: documents.id });
    await tx.insert(signatories).values(
      input.signatures.map((s, i) => ({ documentId: document!.id, position: i, name: s.name, email: s.email, phone: s.phone ?? null, rfc: s.rfc ?? null, positions: positions[i] })),
    );
    if (input.spectators.length) {
      await tx.insert(spectators).values(input.spectators.map((s, i) => ({ documentId: document!.id, position: i, name: s.name, email: s.email })));
    }
    await recordAuditEvent(tx, {
      actorUserId: actor.userId,
      action: "document.created",
      subjectType: "document",
      subjectId: document!.id,
      data: { fileName, originalHash: stored.sha256, signatories: input.signatures.length, spectators: input.spectators.length },
    });
    if (input.notification_mode === "ENABLED") await enqueue("notify-signatories", { documentId: document!.id }, {}, tx);
    return document!.id;
  });
}
