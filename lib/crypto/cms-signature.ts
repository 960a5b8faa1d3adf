import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

/**
 * CMS detached signatures over a document hash (CAdES-BES shape): SignedData without content,
 * SHA-256, RSA PKCS#1 v1.5, signed attributes contentType, messageDigest (= the document's
 * SHA-256), signingTime and signing-certificate-v2. Browser-safe (WebCrypto), so the signing
 * page and the server share it; openssl cms -verify checks the result.
 */

export const OIDS = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
  sha256WithRSA: "1.2.840.113549.1.1.11",
} as const;

// Copy into a fresh buffer: a Node Buffer is often a view into a shared pool, and .buffer would be all of it.
const ab = (bytes: Uint8Array): ArrayBuffer => new Uint8Array(bytes).buffer as ArrayBuffer;

// Re-encoding a certificate to hash it costs about as much as parsing it: once per certificate
// object (parsed-certificate.ts hands out the same object for the same bytes).
const hashes = new WeakMap<pkijs.Certificate, Promise<ArrayBuffer>>();
function certificateHash(certificate: pkijs.Certificate): Promise<ArrayBuffer> {
  let hash = hashes.get(certificate);
  if (!hash) hashes.set(certificate, (hash = crypto.subtle.digest("SHA-256", certificate.toSchema(true).toBER(false))));
  return hash;
}

/** signing-certificate-v2 (RFC 5035): binds the signature to this exact certificate. */
export async function signingCertificateV2(certificate: pkijs.Certificate): Promise<pkijs.Attribute> {
  const certHash = await certificateHash(certificate);
  const issuerSerial = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({ value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [certificate.issuer.toSchema()] })] }),
      certificate.serialNumber,
    ],
  });
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: certHash }), issuerSerial] });
  return new pkijs.Attribute({ type: OIDS.signingCertificateV2, values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })] });
}

export async function createDetachedCms(input: { certificateDer: Uint8Array; privateKey: CryptoKey; documentHash: Uint8Array; signingTime?: Date }): Promise<Uint8Array> {
  const certificate = pkijs.Certificate.fromBER(ab(input.certificateDer));
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OIDS.data }),
    certificates: [certificate],
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: OIDS.contentType, values: [new asn1js.ObjectIdentifier({ value: OIDS.data })] }),
            new pkijs.Attribute({ type: OIDS.signingTime, values: [new asn1js.UTCTime({ valueDate: input.signingTime ?? new Date() })] }),
            new pkijs.Attribute({ type: OIDS.messageDigest, values: [new asn1js.OctetString({ valueHex: ab(input.documentHash) })] }),
            await signingCertificateV2(certificate),
          ],
        }),
      }),
    ],
  });
  await signedData.sign(input.privateKey, 0, "SHA-256");
  const contentInfo = new pkijs.ContentInfo({ contentType: OIDS.signedData, content: signedData.toSchema(true) });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
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
  const certHash = new Uint8Array(await crypto.subtle.digest("SHA-256", certificate.toSchema(true).toBER(false)));
  if (!boundHash || !equalBytes(new Uint8Array(boundHash.valueBlock.valueHexView), certHash)) {
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

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
