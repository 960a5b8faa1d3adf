import type { DbOrTx } from "@/lib/db/client";
import { documents, signatories, spectators, storedFiles, users } from "@/lib/db/schema";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { env } from "@/lib/env";
import { AppError, invalid } from "@/lib/errors";
import { enqueue } from "@/lib/jobs/queue";
import { hasPositions, type CreateDocumentInput } from "@/lib/schemas/signing";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { requireFolderRole } from "@/lib/services/work-folders/folder-access";
import { eq } from "drizzle-orm";
import { keepUploadedPictures } from "@/lib/services/signing/signing-page-images";
import { readUploadedPdf } from "./read-uploaded-pdf";
import { serializePositions } from "./signatory-positions";

/**
 * Uploads a PDF into a folder with its signers and spectators. The file is stored by content
 * first (a crash leaves at most an unreferenced file); then the document, its people and the
 * notice job are written in one transaction, so a document never exists without its job.
 */
export async function createDocument(db: DbOrTx, actor: Actor, folderId: string, input: CreateDocumentInput, file: { bytes: Uint8Array; name?: string }): Promise<string> {
  await requireFolderRole(db, actor, folderId);
  const limit = env().MAX_UPLOAD_MB * 1024 * 1024;
  if (file.bytes.byteLength > limit) throw new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${env().MAX_UPLOAD_MB} MB.`);
  // An encrypted PDF that opens without a password becomes a plain copy here: that copy is
  // what is stored, hashed (original_hash) and signed.
  const pdf = await readUploadedPdf(file.bytes, { maxPages: env().MAX_PDF_PAGES });
  const fileName = input.file_name ?? file.name?.trim() ?? "";
  if (!fileName) throw invalid("file_name", "Required: give file_name or upload the file with a name.");
  const positions = serializePositions(input.signatures, pdf.pageCount);
  const stored = await fileStorage().put(pdf.bytes);
  keepUploadedPictures(stored.sha256, pdf);

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
        pageCount: pdf.pageCount,
        signatureOrdered: input.signature_ordered,
        notificationMode: input.notification_mode,
        signPosition: input.sign_position ?? (hasPositions(input.signatures) ? "CUSTOM" : "DEFAULT"),
        allowTypeSignatures: input.config.allow_type_signatures,
        tries: input.tries,
        rememberEvery: input.remember_every,
        rememberAt: input.remember_at,
        createdBy: creator?.email ?? null,
        // The key whose embed_origins may frame this document's signing pages (lib/services/signing/signing-link-embedding.ts).
        apiKeyId: actor.apiKeyId ?? null,
        redirectUrl: input.redirect_url ?? null,
      })
      .returning({ id: documents.id });
    await tx.insert(signatories).values(
      input.signatures.map((s, i) => ({ documentId: document!.id, position: i, name: s.name, email: s.email, phone: s.phone ?? null, rfc: s.rfc ?? null, curp: s.curp ?? null, positions: positions[i], redirectUrl: s.redirect_url ?? null })),
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
