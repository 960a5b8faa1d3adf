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
  email: "1.2.840.113549.1.9.1",
} as const;

export type CertificateIdentity = {
  name: string | null;
  rfc: string | null;
  curp: string | null;
  email: string | null;
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
  const first = (oid: string) => cert.subjectName.getField(oid)[0]?.split("/")[0]?.trim() || null;
  return {
    name: first(OID.commonName),
    rfc: first(OID.rfc),
    curp: first(OID.curp),
    email: first(OID.email),
    certificateNumber: certificateNumberOf(cert.serialNumber),
    serialHex: cert.serialNumber.toUpperCase(),
    issuerName: cert.issuerName.getField(OID.commonName)[0] ?? cert.issuer,
    notBefore: cert.notBefore,
    notAfter: cert.notAfter,
  };
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
