import type { DbOrTx } from "@/lib/db/client";
import { timestampResponse } from "@/lib/crypto/timestamp-token";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { findAccessibleDocument } from "@/lib/services/documents/document-view";

/** The constancy as an RFC 3161 TimeStampResp (.tsr): `openssl ts -verify -digest <original_hash>` checks it. */
export async function readConstancy(db: DbOrTx, actor: Actor, documentId: string) {
  const { document } = await findAccessibleDocument(db, actor, documentId);
  const token = (document.constancy as { token?: string } | null)?.token;
  if (!token) throw new AppError("CONFLICT", "The constancy exists once every signer has signed and the document is sealed.");
  return { bytes: timestampResponse(new Uint8Array(Buffer.from(token, "base64"))), fileName: `${document.fileName.replace(/\.pdf$/i, "")}-constancia.tsr` };
}
