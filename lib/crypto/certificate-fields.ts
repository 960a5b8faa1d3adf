import { byContent } from "./by-content";
import { childrenOf, readElement } from "./der-elements";

/**
 * The parts of a certificate that the structures we sign repeat, as the certificate's own DER
 * (RFC 5280 §4.1): its serial number and issuer (a CMS signer's IssuerAndSerialNumber, an
 * ESS signing certificate), its subject and public key (an OCSP CertID of what it issued, a
 * responder or CRL issuer name). Sliced once per certificate per process: every seal uses the
 * same few. Browser-safe.
 */
export type CertificateFields = {
  der: Uint8Array;
  /** The whole INTEGER element. */
  serialNumber: Uint8Array;
  /** The whole Name elements. */
  issuer: Uint8Array;
  subject: Uint8Array;
  /** The subjectPublicKey BIT STRING's bits (what an OCSP CertID hashes). */
  publicKey: Uint8Array;
};

// An external TSA or a signer's certificates come and go: a bounded memory.
export const certificateFields: (der: Uint8Array) => CertificateFields = byContent(256, slice);

function slice(der: Uint8Array): CertificateFields {
  const [tbs] = childrenOf(der, readElement(der, 0));
  const fields = childrenOf(der, tbs!);
  // version is [0] EXPLICIT and absent for v1 certificates.
  const [serial, , issuer, , subject, spki] = fields[0]!.tagClass === 2 ? fields.slice(1) : fields;
  const bits = childrenOf(der, spki!)[1]!;
  const bytes = (e: { start: number; end: number }) => der.subarray(e.start, e.end);
  return { der, serialNumber: bytes(serial!), issuer: bytes(issuer!), subject: bytes(subject!), publicKey: der.subarray(bits.contentsStart + 1, bits.contentsEnd) };
}
