import type { LegalRepresentative } from "@/lib/crypto/certificate-identity";
import type { DocumentRow, Signatory } from "@/lib/db/schema";
import { DOCUMENT_STATUS_NAMES } from "@/lib/schemas/signing";
import { signerOfRecord } from "@/lib/services/signing/signer-of-record";
import { signingRecordXml } from "@/lib/xml/signing-record";

/** The XML signing record of a document as it stands (served by /xml and embedded when sealed). */
export function buildSigningRecordXml(document: DocumentRow, owner: { name: string; email: string }, signers: Signatory[], now = new Date()): string {
  const constancy = document.constancy as { token?: string; tsa?: string; gen_time?: string } | null;
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
      rfc: s.rfc,
      curp: s.curp,
      representative: representativeOf(s),
      certificate: s.certificate || s.certificateSerialNumber ? { base64: s.certificate, number: s.certificateSerialNumber, issuer: s.certificateIssuerName } : null,
      signature: s.signature,
      signedAt: s.signedAt,
      rejectedReason: s.rejectedReason,
    })),
    conservancyRecord: constancy?.token ? { base64: constancy.token, authority: constancy.tsa ?? null, timestamp: constancy.gen_time ? new Date(constancy.gen_time) : null } : null,
  });
}

/** The legal representative a company's certificate names, as the signatory row keeps it. */
export function representativeOf(s: Pick<Signatory, "representativeRfc" | "representativeCurp">): LegalRepresentative | null {
  return s.representativeRfc || s.representativeCurp ? { rfc: s.representativeRfc, curp: s.representativeCurp } : null;
}
