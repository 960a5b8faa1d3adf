import type { DbOrTx } from "@/lib/db/client";
import { timestampResponse } from "@/lib/crypto/timestamp-token";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { findAccessibleDocument } from "@/lib/services/documents/document-view";

/**
 * A constancy as an RFC 3161 TimeStampResp (.tsr). `original` (the default, as before): over the
 * original's SHA-256, `openssl ts -verify -digest <original_hash>` checks it. `signed-file`: over
 * the sealed PDF's final bytes (documents sealed since 2026-11-26), `openssl ts -verify -data
 * <sealed.pdf>` checks it; 409 for a document sealed before, which has none.
 */
export async function readConstancy(db: DbOrTx, actor: Actor, documentId: string, of: "original" | "signed-file" = "original") {
  const { document } = await findAccessibleDocument(db, actor, documentId);
  const constancy = document.constancy as { token?: string; signedFile?: { token?: string } } | null;
  const token = of === "signed-file" ? constancy?.signedFile?.token : constancy?.token;
  if (!token) {
    throw new AppError("CONFLICT", constancy?.token ? "This document was sealed before constancias over the signed file were taken; its constancy covers the original." : "The constancy exists once every signer has signed and the document is sealed.");
  }
  const suffix = of === "signed-file" ? "constancia-firmado" : "constancia";
  return { bytes: timestampResponse(new Uint8Array(Buffer.from(token, "base64"))), fileName: `${document.fileName.replace(/\.pdf$/i, "")}-${suffix}.tsr` };
}
