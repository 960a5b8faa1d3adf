import "reflect-metadata";
import * as x509 from "@peculiar/x509";

/** OIDs SAT (and FIREL, TEPJF) put in a signer's subject. */
export const OID = {
  /** x500UniqueIdentifier: "RFC / RFC of the legal representative" */
  rfc: "2.5.4.45",
  /** serialNumber: "CURP / CURP of the legal representative" */
  curp: "2.5.4.5",
  commonName: "2.5.4.3",
  organization: "2.5.4.10",
  /** organizationalUnitName: on a SAT CSD, the branch ("Sucursal 1"); a SAT e.firma has none. */
  organizationalUnit: "2.5.4.11",
  email: "1.2.840.113549.1.9.1",
} as const;

/** The legal representative named on a company's certificate, who holds its key. */
export type LegalRepresentative = { rfc: string | null; curp: string | null };

export type CertificateIdentity = {
  name: string | null;
  rfc: string | null;
  curp: string | null;
  email: string | null;
  /**
   * The legal representative a company certificate names after the " / " (SAT: "RFC / RFC_REP" in
   * 2.5.4.45, " / CURP_REP" in 2.5.4.5); null on a person's certificate.
   */
  representative: LegalRepresentative | null;
  /** The 20-digit certificate number: the ASCII of the serial's bytes (SAT convention). */
  certificateNumber: string;
  serialHex: string;
  issuerName: string;
  notBefore: Date;
  notAfter: Date;
};

/**
 * Who a Mexican certificate names. SAT writes "RFC / RFC_REP" and "CURP / CURP_REP" (the second
 * part is the legal representative on company certificates): the first part is the holder.
 */
export function certificateIdentity(der: Uint8Array): CertificateIdentity {
  const cert = new x509.X509Certificate(der as BufferSource);
  const part = (oid: string, index: 0 | 1) => cert.subjectName.getField(oid)[0]?.split("/")[index]?.trim() || null;
  const representative = { rfc: part(OID.rfc, 1), curp: part(OID.curp, 1) };
  return {
    name: part(OID.commonName, 0),
    rfc: part(OID.rfc, 0),
    curp: part(OID.curp, 0),
    email: part(OID.email, 0),
    representative: representative.rfc || representative.curp ? representative : null,
    certificateNumber: certificateNumberOf(cert.serialNumber),
    serialHex: cert.serialNumber.toUpperCase(),
    issuerName: cert.issuerName.getField(OID.commonName)[0] ?? cert.issuer,
    notBefore: cert.notBefore,
    notAfter: cert.notAfter,
  };
}

/**
 * Whether a certificate is a SAT CSD (certificado de sello digital), which SAT issues only to
 * stamp invoices (CFDI), not to sign as a person. SAT's two profiles differ in the subject and
 * the extensions: a CSD names a branch in OU and has no extended key usage; an e.firma (FIEL)
 * has no OU and carries emailProtection + clientAuth (read from SAT's published test sets, see
 * ../shared/realworld/sat/README.md; phpcfdi/credentials, docs/TODO.md, tells them apart by OU
 * too: "si está vacío es FIEL, si tiene contenido es CSD"). Both marks are required, so a certificate of another authority that
 * merely lacks an EKU is not taken for a CSD.
 */
export function isSatSealCertificate(der: Uint8Array): boolean {
  const cert = new x509.X509Certificate(der as BufferSource);
  const branch = cert.subjectName.getField(OID.organizationalUnit)[0]?.trim();
  return Boolean(branch) && !cert.getExtension(x509.ExtendedKeyUsageExtension);
}

/** "3030303031303030303030353034343635303238" → "00001000000504465028"; other serials as hex. */
export function certificateNumberOf(serialHex: string): string {
  const bytes = serialHex.match(/../g)?.map((h) => parseInt(h, 16)) ?? [];
  const ascii = bytes.every((b) => b >= 0x30 && b <= 0x39);
  return ascii && bytes.length > 0 ? String.fromCharCode(...bytes) : serialHex.toUpperCase();
}

/** The serial that makes a certificate number (20 digits → 20 ASCII bytes). */
export function serialForCertificateNumber(number: string): string {
  if (!/^\d{1,20}$/.test(number)) throw new Error("A certificate number is up to 20 digits");
  return Buffer.from(number, "ascii").toString("hex");
}
