import type { LegalRepresentative } from "@/lib/crypto/certificate-identity";
import type { DocumentRow, Signatory } from "@/lib/db/schema";
import { maskIdentifier } from "@/lib/mx/mask-identifier";
import { DOCUMENT_STATUS_NAMES } from "@/lib/schemas/signing";
import { signerOfRecord } from "@/lib/services/signing/signer-of-record";
import { signingEnvironment } from "@/lib/services/signing/signing-environment";
import { sealRecordXml } from "@/lib/xml/record-seal";
import { signingRecordXml } from "@/lib/xml/signing-record";

/**
 * The record as this service issues it (served by /xml and attached when sealed): built, then
 * signed with the platform seal (XML-DSig, lib/xml/record-seal.ts), so /verify can tell it from an
 * edited copy. `copy: "attached"` for the one inside the sealed PDF, which anyone holding the file
 * reads: no e-mails, RFC and CURP masked as on the sheet (lib/mx/mask-identifier.ts); the owner's
 * ("owner", from /xml) keeps them whole.
 */
export async function issueSigningRecordXml(document: DocumentRow, owner: { name: string; email: string }, signers: Signatory[], options: { now?: Date; copy: "owner" | "attached" }): Promise<string> {
  const whole = options.copy === "owner";
  const xml = buildSigningRecordXml(document, { name: owner.name, email: whole ? owner.email : null }, whole ? signers : signers.map((s) => ({ ...s, email: null })), options.now, { masked: !whole });
  const { seal } = (await signingEnvironment()).platform;
  return sealRecordXml(xml, { privateKey: seal.privateKey, certificates: [seal.certificate, ...seal.chain].map((c) => new Uint8Array(c.rawData)) });
}

/** A time stamp as the document row keeps it (constancy, and constancy.signedFile). */
type ConstancyStamp = { token?: string; tsa?: string; gen_time?: string; serial_number?: string; message_imprint?: string };

/** The unsigned record of a document as it stands (what verification compares a presented one with). */
export function buildSigningRecordXml(document: DocumentRow, owner: { name: string; email: string | null }, signers: (Omit<Signatory, "email"> & { email: string | null })[], now = new Date(), options: { masked?: boolean } = {}): string {
  const shown = options.masked ? maskIdentifier : (value: string | null) => value;
  const constancy = document.constancy as (ConstancyStamp & { signedFile?: ConstancyStamp }) | null;
  return signingRecordXml({
    documentId: document.id,
    fileName: document.fileName,
    originalHash: document.originalHash,
    pages: document.pageCount,
    status: { code: document.signStatus, name: DOCUMENT_STATUS_NAMES[document.signStatus]! },
    signed: document.signStatus === 2,
    owner,
    createdAt: document.createdAt,
    signedAt: document.signedAt,
    generatedAt: now,
    signers: signers.map((s) => ({
      id: s.id,
      order: s.position + 1,
      name: signerOfRecord(s),
      email: s.email,
      status: s.signStatus,
      rfc: shown(s.rfc),
      curp: shown(s.curp),
      representative: representativeOf({ representativeRfc: shown(s.representativeRfc), representativeCurp: shown(s.representativeCurp) }),
      certificate: s.certificate || s.certificateSerialNumber ? { base64: s.certificate, number: s.certificateSerialNumber, issuer: s.certificateIssuerName } : null,
      signature: s.signature,
      signedAt: s.signedAt,
      rejectedReason: s.rejectedReason,
    })),
    conservancyRecord: constancy?.token ? { base64: constancy.token, authority: constancy.tsa ?? null, timestamp: constancy.gen_time ? new Date(constancy.gen_time) : null } : null,
    signedFileConstancy: constancy?.signedFile?.token
      ? { base64: constancy.signedFile.token, sha256: constancy.signedFile.message_imprint!, authority: constancy.signedFile.tsa ?? null, timestamp: constancy.signedFile.gen_time ? new Date(constancy.signedFile.gen_time) : null }
      : null,
  });
}

/** The legal representative a company's certificate names, as the signatory row keeps it. */
export function representativeOf(s: Pick<Signatory, "representativeRfc" | "representativeCurp">): LegalRepresentative | null {
  return s.representativeRfc || s.representativeCurp ? { rfc: s.representativeRfc, curp: s.representativeCurp } : null;
}
