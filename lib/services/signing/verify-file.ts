import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documents, signatories, users } from "@/lib/db/schema";
import { sha256Hex } from "@/lib/adapters/storage/file-storage";
import { DOCUMENT_STATUS_NAMES } from "@/lib/schemas/signing";
import { signerOfRecord } from "./signer-of-record";

/**
 * Public verification: is this file (or hash, from the QR code) one Rúbrica signed, and is it
 * intact? A PDF is intact when its SHA-256 is exactly that of a sealed document (or of an
 * original under signing); an XML record when it names a document whose signatures it repeats
 * unchanged. Only a sealed document is described (name, owner, signers with their certificate
 * data, never e-mails or CURPs): anyone can ask about any hash, so for a document still in
 * process, rejected, cancelled or expired the answer is its state and nothing else.
 */
export type Verification = {
  found: boolean;
  kind: "pdf" | "xml" | "hash";
  intact: boolean | null;
  matched: "sealed" | "original" | "record" | null;
  document: { file_name: string | null; original_hash: string; sealed_hash: string | null; sign_status_name: string; signed: boolean; signed_at: string | null; owner: string | null } | null;
  signers: { name: string; sign_status: string; rfc: string | null; certificate_serial_number: string | null; certificate_issuer_name: string | null; signature_type: string | null; signed_at: string | null }[];
  constancy: { gen_time: string; tsa: string; serial_number: string } | null;
};

export async function verifyFile(db: DbOrTx, input: { bytes: Uint8Array } | { hash: string }): Promise<Verification> {
  if ("hash" in input) return describe(db, await findByHash(db, input.hash.toUpperCase()), "hash", null);
  const bytes = input.bytes;
  const head = Buffer.from(bytes.subarray(0, 512)).toString("utf8");
  if (/<electronicDocument\b/.test(head) || head.trimStart().startsWith("<?xml")) return verifyRecord(db, Buffer.from(bytes).toString("utf8"));
  const hash = sha256Hex(bytes);
  const found = await findByHash(db, hash);
  const matched = found ? (found.document.sealedHash === hash ? "sealed" : "original") : null;
  return describe(db, found, "pdf", matched);
}

async function findByHash(db: DbOrTx, hash: string) {
  const [row] = await db
    .select({ document: documents, ownerName: users.name })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.ownerUserId))
    .where(or(eq(documents.sealedHash, hash), eq(documents.originalHash, hash)))
    // The same PDF can be uploaded many times (by anyone): a sealed one answers first, else the newest.
    .orderBy(sql`${documents.sealedHash} is null`, desc(documents.createdAt))
    .limit(1);
  return row ?? null;
}

async function verifyRecord(db: DbOrTx, xml: string): Promise<Verification> {
  const original = /<originalHash[^>]*>([0-9A-F]{64})<\/originalHash>/.exec(xml)?.[1];
  const found = original ? await findByHash(db, original) : null;
  const result = await describe(db, found, "xml", found ? "record" : null);
  if (found) {
    // Intact when every signature the record carries is one we recorded for that document.
    const inRecord = [...xml.matchAll(/<signature>([^<]+)<\/signature>/g)].map((m) => m[1]!);
    const ours = new Set((await db.select({ signature: signatories.signature }).from(signatories).where(eq(signatories.documentId, found.document.id))).map((s) => s.signature));
    result.intact = inRecord.every((s) => ours.has(s));
  }
  return result;
}

async function describe(db: DbOrTx, found: Awaited<ReturnType<typeof findByHash>>, kind: Verification["kind"], matched: Verification["matched"]): Promise<Verification> {
  if (!found) return { found: false, kind, intact: kind === "hash" ? null : false, matched: null, document: null, signers: [], constancy: null };
  const d = found.document;
  const state = { original_hash: d.originalHash, sealed_hash: d.sealedHash, sign_status_name: DOCUMENT_STATUS_NAMES[d.signStatus]!, signed: d.sealedHash !== null, signed_at: d.sealedHash ? (d.signedAt?.toISOString() ?? null) : null };
  if (!d.sealedHash) return { found: true, kind, intact: kind === "hash" ? null : true, matched, document: { ...state, file_name: null, owner: null }, signers: [], constancy: null };
  const signers = await db.select().from(signatories).where(and(eq(signatories.documentId, d.id), isNull(signatories.removedAt))).orderBy(asc(signatories.position));
  const constancy = d.constancy as { attributes?: { gen_time: string; tsa: string; serial_number: string } } | null;
  return {
    found: true,
    kind,
    intact: kind === "hash" ? null : true,
    matched,
    document: { ...state, file_name: d.fileName, owner: found.ownerName },
    signers: signers.map((s) => ({
      name: signerOfRecord(s),
      sign_status: s.signStatus,
      rfc: s.rfc,
      certificate_serial_number: s.certificateSerialNumber,
      certificate_issuer_name: s.certificateIssuerName,
      signature_type: s.signatureType,
      signed_at: s.signedAt?.toISOString() ?? null,
    })),
    constancy: constancy?.attributes ? { gen_time: constancy.attributes.gen_time, tsa: constancy.attributes.tsa, serial_number: constancy.attributes.serial_number } : null,
  };
}
