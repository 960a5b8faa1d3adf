import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { objectIdentifier, octetString, sequence, utcTime } from "./der";
import { attribute, certificatesIn, OIDS, signAttributes, signedDataContentInfo, signingCertificateV2 } from "./signed-data";

/**
 * CMS detached signatures over a document hash (CAdES-BES shape): SignedData without content,
 * SHA-256, RSA PKCS#1 v1.5, signed attributes contentType, messageDigest (= the document's
 * SHA-256), signingTime and signing-certificate-v2, written as DER (signed-data.ts); read with
 * pkijs. Browser-safe (WebCrypto), so the signing page and the server share it; openssl cms
 * -verify checks the result.
 */


// Copy into a fresh buffer: a Node Buffer is often a view into a shared pool, and .buffer would be all of it.
const ab = (bytes: Uint8Array): ArrayBuffer => new Uint8Array(bytes).buffer as ArrayBuffer;

export async function createDetachedCms(input: { certificateDer: Uint8Array; privateKey: CryptoKey; documentHash: Uint8Array; signingTime?: Date }): Promise<Uint8Array> {
  const signedAttributes = [
    attribute(OIDS.contentType, objectIdentifier(OIDS.data)),
    attribute(OIDS.signingTime, utcTime(input.signingTime ?? new Date())),
    attribute(OIDS.messageDigest, octetString(input.documentHash)),
    await signingCertificateV2(input.certificateDer),
  ];
  return signedDataContentInfo({
    version: 1,
    encapsulated: sequence(objectIdentifier(OIDS.data)),
    certificates: [input.certificateDer],
    signerCertificate: input.certificateDer,
    signedAttributes,
    signature: await signAttributes(signedAttributes, input.privateKey),
  });
}

export type CmsCheck =
  | { ok: true; certificateDer: Uint8Array; signingTime: Date | null; signatureValue: Uint8Array }
  | { ok: false; reason: "malformed" | "no-certificate" | "digest-mismatch" | "bad-signature" | "certificate-binding"; detail: string };

/**
 * Checks a detached CMS against the document's hash: one signer whose certificate is in the CMS,
 * messageDigest equal to the hash, signing-certificate-v2 naming that certificate, and the
 * signature over the signed attributes valid under its public key. Trust in the certificate
 * (chain, dates, revocation) is checked elsewhere.
 */
export async function verifyDetachedCms(cmsDer: Uint8Array, documentHash: Uint8Array): Promise<CmsCheck> {
  let signedData: pkijs.SignedData;
  try {
    const info = pkijs.ContentInfo.fromBER(ab(cmsDer));
    if (info.contentType !== OIDS.signedData) return { ok: false, reason: "malformed", detail: "Not a CMS SignedData." };
    signedData = new pkijs.SignedData({ schema: info.content });
  } catch {
    return { ok: false, reason: "malformed", detail: "The signature is not valid DER CMS." };
  }
  if (signedData.signerInfos.length !== 1) return { ok: false, reason: "malformed", detail: "Exactly one signer is expected." };
  if (signedData.encapContentInfo.eContent) return { ok: false, reason: "malformed", detail: "The signature must be detached (no embedded content)." };
  const signer = signedData.signerInfos[0]!;
  const sid = signer.sid as pkijs.IssuerAndSerialNumber;
  const certificate = (signedData.certificates ?? []).find(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate && sid instanceof pkijs.IssuerAndSerialNumber && c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber),
  );
  if (!certificate) return { ok: false, reason: "no-certificate", detail: "The signer's certificate is not in the signature." };
  const attrs = signer.signedAttrs?.attributes ?? [];
  const attr = (oid: string) => attrs.find((a) => a.type === oid)?.values[0];
  const digest = attr(OIDS.messageDigest) as asn1js.OctetString | undefined;
  if (!digest || !equalBytes(new Uint8Array(digest.valueBlock.valueHexView), documentHash)) {
    return { ok: false, reason: "digest-mismatch", detail: "The signature is not over this document." };
  }
  if (signer.digestAlgorithm.algorithmId !== OIDS.sha256) return { ok: false, reason: "malformed", detail: "The digest must be SHA-256." };

  const binding = attr(OIDS.signingCertificateV2) as asn1js.Sequence | undefined;
  const boundHash = ((binding?.valueBlock.value[0] as asn1js.Sequence | undefined)?.valueBlock.value[0] as asn1js.Sequence | undefined)?.valueBlock.value[0] as asn1js.OctetString | undefined;
  if (!boundHash || !(await namesCertificate(new Uint8Array(boundHash.valueBlock.valueHexView), cmsDer, signedData.certificates!.indexOf(certificate), certificate))) {
    return { ok: false, reason: "certificate-binding", detail: "signing-certificate-v2 is missing or names another certificate." };
  }

  const signedAttributes = new Uint8Array(signer.signedAttrs!.encodedValue);
  signedAttributes[0] = 0x31; // signed as a SET OF, stored as [0] IMPLICIT
  const publicKey = await crypto.subtle.importKey("spki", certificate.subjectPublicKeyInfo.toSchema().toBER(false), { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["verify"]);
  const signatureValue = new Uint8Array(signer.signature.valueBlock.valueHexView);
  const valid = await crypto.subtle.verify("RSASSA-PKCS1-v1_5", publicKey, ab(signatureValue), ab(signedAttributes));
  if (!valid) return { ok: false, reason: "bad-signature", detail: "The signature value does not verify with the certificate's key." };
  const time = attr(OIDS.signingTime) as asn1js.UTCTime | asn1js.GeneralizedTime | undefined;
  return { ok: true, certificateDer: new Uint8Array(certificate.toSchema(true).toBER(false)), signingTime: time ? time.toDate() : null, signatureValue };
}

/**
 * Whether signing-certificate-v2's hash names the signer's certificate: the SHA-256 of its DER as
 * the CMS carries it (RFC 5035 §5.4.1.1, what createDetachedCms writes), or of pkijs's encoding of
 * it, which our signing page wrote before 2026-11-25. The two differ only for a certificate whose
 * issuer did not write canonical DER.
 */
async function namesCertificate(boundHash: Uint8Array, cmsDer: Uint8Array, index: number, certificate: pkijs.Certificate): Promise<boolean> {
  let asCarried: Uint8Array | undefined;
  try {
    asCarried = certificatesIn(cmsDer)[index];
  } catch {
    asCarried = undefined; // BER pkijs read but the element reader did not: only the re-encoding is left
  }
  for (const der of [asCarried, new Uint8Array(certificate.toSchema(true).toBER(false))]) {
    if (der && equalBytes(boundHash, new Uint8Array(await crypto.subtle.digest("SHA-256", der as Uint8Array<ArrayBuffer>)))) return true;
  }
  return false;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
