import type { DbOrTx } from "@/lib/db/client";
import { storedFiles } from "@/lib/db/schema";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { env } from "@/lib/env";
import { AppError, invalid } from "@/lib/errors";
import { hasPositions, type CreateDocumentInput } from "@/lib/schemas/signing";
import type { Actor } from "@/lib/services/actor";
import { requireFolderRole } from "@/lib/services/work-folders/folder-access";
import { keepUploadedPictures } from "@/lib/services/signing/signing-page-images";
import { insertDocuments, type DocumentDraft } from "./insert-documents";
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
  void keepUploadedPictures(stored.sha256, pdf);

  const draft: DocumentDraft = {
    fileName,
    signatureOrdered: input.signature_ordered,
    notificationMode: input.notification_mode,
    signPosition: input.sign_position ?? (hasPositions(input.signatures) ? "CUSTOM" : "DEFAULT"),
    allowTypeSignatures: input.config.allow_type_signatures,
    tries: input.tries,
    rememberEvery: input.remember_every,
    rememberAt: input.remember_at,
    signatories: input.signatures.map((s, i) => ({ name: s.name, email: s.email, phone: s.phone ?? null, rfc: s.rfc ?? null, curp: s.curp ?? null, positions: positions[i] ?? null, redirectUrl: s.redirect_url ?? null })),
    spectators: input.spectators,
    redirectUrl: input.redirect_url ?? null,
  };
  return db.transaction(async (tx) => {
    await tx.insert(storedFiles).values({ sha256: stored.sha256, size: stored.size, contentType: "application/pdf" }).onConflictDoNothing();
    const [id] = await insertDocuments(tx, actor, folderId, { sha256: stored.sha256, pageCount: pdf.pageCount }, [draft]);
    return id!;
  });
}
