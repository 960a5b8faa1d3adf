import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { OID, serialForCertificateNumber } from "./certificate-identity";
import { SIGNATURE_ALGORITHM } from "./test-pki";

/**
 * RUBRICA certificates: after a signer's identity is verified (INE, CURP, liveness), the
 * platform's identity CA certifies a key the signer's browser made and never exports, for the
 * verified name and CURP, for a few minutes: long enough to sign, too short to be worth revoking
 * (no OCSP, as short-lived certificates go). The subject is shaped like SAT's, so the signature
 * sheet, the XML and certificateIdentity read it the same way. Pure: keys passed in.
 */

/** Minutes a RUBRICA certificate is valid: the signer signs right after it is issued. */
export const IDENTITY_CERTIFICATE_MINUTES = 15;

export class CertificateRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CertificateRequestError";
  }
}

const RSA = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;

/**
 * A PKCS#10 request from the browser: its signature proves the sender holds the private key.
 * Only RSA of 2048 bits or more, the algorithm the CMS signature and every Mexican authority use.
 */
export async function readCertificateRequest(der: Uint8Array): Promise<CryptoKey> {
  let request: x509.Pkcs10CertificateRequest;
  try {
    request = new x509.Pkcs10CertificateRequest(der as BufferSource);
  } catch {
    throw new CertificateRequestError("This is not a certificate request (PKCS#10, DER).");
  }
  let publicKey: CryptoKey;
  try {
    publicKey = await request.publicKey.export(RSA, ["verify"]);
  } catch {
    throw new CertificateRequestError("The key must be RSA.");
  }
  const bits = (publicKey.algorithm as RsaHashedKeyAlgorithm).modulusLength;
  if (bits < 2048) throw new CertificateRequestError(`The key must have 2048 bits at least; it has ${bits}.`);
  if (!(await request.verify().catch(() => false))) throw new CertificateRequestError("The request is not signed by its own key.");
  return publicKey;
}

export async function issueIdentityCertificate(
  issuer: { certificate: x509.X509Certificate; privateKey: CryptoKey },
  spec: { publicKey: CryptoKey; name: string; curp: string; certificateNumber: string; now?: Date },
): Promise<x509.X509Certificate> {
  const now = spec.now ?? new Date();
  const subject = [
    { [OID.commonName]: [{ utf8String: spec.name }] },
    { "2.5.4.41": [{ utf8String: spec.name }] },
    { "2.5.4.6": [{ printableString: "MX" }] },
    { [OID.curp]: [{ printableString: `${spec.curp} / ` }] },
  ] as unknown as x509.JsonNameParams;
  return x509.X509CertificateGenerator.create({
    serialNumber: serialForCertificateNumber(spec.certificateNumber),
    subject: new x509.Name(subject),
    issuer: issuer.certificate.subject,
    // A minute back for clocks a little ahead of ours.
    notBefore: new Date(now.getTime() - 60_000),
    notAfter: new Date(now.getTime() + IDENTITY_CERTIFICATE_MINUTES * 60_000),
    signingAlgorithm: SIGNATURE_ALGORITHM,
    publicKey: spec.publicKey,
    signingKey: issuer.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
      new x509.ExtendedKeyUsageExtension(["1.3.6.1.5.5.7.3.4"]),
      await x509.SubjectKeyIdentifierExtension.create(spec.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(issuer.certificate, false),
    ],
  });
}
