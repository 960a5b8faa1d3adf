import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { childrenOf, readElement } from "./der-elements";
import { certificatesIn, OIDS } from "./signed-data";

/**
 * The one signer of a CMS SignedData checked against the content it signs: a time-stamp token's
 * TSTInfo (timestamp-check.ts) or the bytes a PDF signature's /ByteRange covers
 * (pdf-signature-report.ts). Found by issuer and serial byte for byte among the certificates the
 * CMS carries; its digest one the SignedData lists; messageDigest over the content; the signature
 * (RSA PKCS #1 v1.5 or ECDSA) over the signed attributes. Trust in the certificate is judged by
 * the caller, at the time that matters to it. Pure (WebCrypto).
 */

export type SignerProblem = "malformed" | "unsupported-algorithm" | "no-certificate" | "digest-mismatch" | "bad-signature";

export type SignerCheck = {
  problems: SignerProblem[];
  /** "certificate-binding": signingCertificate(V2) missing or naming a certificate not carried. */
  warnings: "certificate-binding"[];
  certificate: x509.X509Certificate | null;
  certificateDer: Uint8Array;
  /** Every certificate the CMS carries, the signer's included. */
  carried: x509.X509Certificate[];
  /** The signingTime attribute, when present and readable. */
  signingTime: Date | null;
  /** The signer's unsigned attributes (a signature time stamp lives there). */
  unsignedAttributes: pkijs.Attribute[];
  /** The signature value (a signature time stamp covers its hash). */
  signatureValue: Uint8Array;
};

export const DIGESTS: Record<string, "SHA-1" | "SHA-256" | "SHA-384" | "SHA-512"> = {
  "1.3.14.3.2.26": "SHA-1",
  [OIDS.sha256]: "SHA-256",
  "2.16.840.1.101.3.4.2.2": "SHA-384",
  "2.16.840.1.101.3.4.2.3": "SHA-512",
};

// rsaEncryption, and sha1/256/384/512WithRSAEncryption.
const RSA_SIGNATURES = new Set(["1.2.840.113549.1.1.1", "1.2.840.113549.1.1.5", "1.2.840.113549.1.1.11", "1.2.840.113549.1.1.12", "1.2.840.113549.1.1.13"]);
// ecdsa-with-SHA1/256/384/512.
const ECDSA_SIGNATURES = new Set(["1.2.840.10045.4.1", "1.2.840.10045.4.3.2", "1.2.840.10045.4.3.3", "1.2.840.10045.4.3.4"]);
const EC_CURVES: Record<string, string> = { "1.2.840.10045.3.1.7": "P-256", "1.3.132.0.34": "P-384", "1.3.132.0.35": "P-521" };
const SIGNING_CERTIFICATE_V1 = "1.2.840.113549.1.9.16.2.12";

export const ab = (bytes: Uint8Array): ArrayBuffer => new Uint8Array(bytes).buffer as ArrayBuffer;
export const hex = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString("hex");

/**
 * `cmsDer` is the ContentInfo's bytes as written (its certificates are hashed as carried), null
 * when unknown; `version` the SignedData version RFC 5652 §5.1 requires for this content (1 for
 * detached id-data as PDF signatures carry, 3 for a TSTInfo).
 */
export async function checkCmsSigner(signedData: pkijs.SignedData, cmsDer: Uint8Array | null, content: Uint8Array, version: number): Promise<SignerCheck> {
  const out: SignerCheck = { problems: [], warnings: [], certificate: null, certificateDer: new Uint8Array(0), carried: [], signingTime: null, unsignedAttributes: [], signatureValue: new Uint8Array(0) };
  const fail = (problem: SignerProblem) => {
    out.problems.push(problem);
    return out;
  };
  if (signedData.signerInfos.length !== 1 || signedData.version !== version) return fail("malformed");
  const signer = signedData.signerInfos[0]!;
  // What is not signed must still say what was done (RFC 5652 §5.1, §5.3): the signer's digest is
  // one the SignedData lists.
  if (signer.version !== 1 || !signedData.digestAlgorithms.some((a) => a.algorithmId === signer.digestAlgorithm.algorithmId)) return fail("malformed");
  const algorithm = signer.signatureAlgorithm.algorithmId;
  if (!RSA_SIGNATURES.has(algorithm) && !ECDSA_SIGNATURES.has(algorithm) && algorithm !== "1.2.840.10045.2.1") return fail("unsupported-algorithm");
  const certificates = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  out.carried = certificates.map((c) => new x509.X509Certificate(ab(new Uint8Array(c.toSchema(true).toBER(false)))));
  const sid = signer.sid;
  // The signer named byte for byte (pkijs's isEqual forgives changes in string types and case).
  const sameName = (a: pkijs.RelativeDistinguishedNames, b: pkijs.RelativeDistinguishedNames) => hex(a.valueBeforeDecode) === hex(b.valueBeforeDecode);
  const signerCertificate = certificates.find((c) => (sid instanceof pkijs.IssuerAndSerialNumber ? sameName(c.issuer, sid.issuer) && c.serialNumber.isEqual(sid.serialNumber) : false));
  if (!signerCertificate) return fail("no-certificate");
  const certificateDer = carriedBytes(cmsDer, signedData, signerCertificate);
  if (!strictEnvelope(certificateDer)) return fail("malformed");
  out.certificateDer = certificateDer;
  out.certificate = new x509.X509Certificate(ab(certificateDer));
  out.unsignedAttributes = signer.unsignedAttrs?.attributes ?? [];
  out.signatureValue = new Uint8Array(signer.signature.valueBlock.valueHexView);

  const digest = DIGESTS[signer.digestAlgorithm.algorithmId];
  const attributes = signer.signedAttrs?.attributes ?? [];
  const attribute = (oid: string) => attributes.find((a) => a.type === oid)?.values[0];
  if (!digest) return fail("unsupported-algorithm");
  // Without signed attributes (older PDF signers) the signature is over the content itself.
  let signedBytes = content;
  if (signer.signedAttrs) {
    const messageDigest = attribute(OIDS.messageDigest) as asn1js.OctetString | undefined;
    const contentDigest = new Uint8Array(await crypto.subtle.digest(digest, ab(content)));
    if (!messageDigest || hex(messageDigest.valueBlock.valueHexView) !== hex(contentDigest)) out.problems.push("digest-mismatch");
    const time = attribute(OIDS.signingTime);
    if (time instanceof asn1js.UTCTime || time instanceof asn1js.GeneralizedTime) out.signingTime = time.toDate();
    signedBytes = new Uint8Array(signer.signedAttrs.encodedValue);
    signedBytes[0] = 0x31; // signed as a SET OF, carried as [0] IMPLICIT
  }
  if (!(await bindsCertificate(attribute(OIDS.signingCertificateV2) ?? attribute(SIGNING_CERTIFICATE_V1), certificateDer))) out.warnings.push("certificate-binding");

  try {
    if (!(await verifySignature(signerCertificate, algorithm, digest, out.signatureValue, signedBytes))) out.problems.push("bad-signature");
  } catch {
    out.problems.push("unsupported-algorithm");
  }
  return out;
}

async function verifySignature(certificate: pkijs.Certificate, algorithm: string, digest: string, signature: Uint8Array, data: Uint8Array): Promise<boolean> {
  const spki = ab(new Uint8Array(certificate.subjectPublicKeyInfo.toSchema().toBER(false)));
  if (RSA_SIGNATURES.has(algorithm)) {
    const key = await crypto.subtle.importKey("spki", spki, { name: "RSASSA-PKCS1-v1_5", hash: digest }, false, ["verify"]);
    return crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, ab(signature), ab(data));
  }
  const curve = EC_CURVES[(certificate.subjectPublicKeyInfo.algorithm.algorithmParams as asn1js.ObjectIdentifier | undefined)?.valueBlock.toString() ?? ""];
  if (!curve) throw new Error("unsupported curve");
  const key = await crypto.subtle.importKey("spki", spki, { name: "ECDSA", namedCurve: curve }, false, ["verify"]);
  return crypto.subtle.verify({ name: "ECDSA", hash: digest }, key, ab(ecdsaRaw(signature, curve)), ab(data));
}

/** An ECDSA-Sig-Value (SEQUENCE of r, s) as WebCrypto wants it: r and s, each the curve's size. */
function ecdsaRaw(der: Uint8Array, curve: string): Uint8Array {
  const size = curve === "P-256" ? 32 : curve === "P-384" ? 48 : 66;
  const [r, s] = childrenOf(der, readElement(der, 0));
  const fixed = (e: NonNullable<typeof r>) => {
    let value = der.subarray(e.contentsStart, e.contentsEnd);
    while (value.length > size && value[0] === 0) value = value.subarray(1);
    const out = new Uint8Array(size);
    out.set(value, size - value.length);
    return out;
  };
  return Uint8Array.from([...fixed(r!), ...fixed(s!)]);
}

/** A certificate's DER as the token carries it (pkijs's re-encoding when the bytes cannot be found). */
function carriedBytes(tokenDer: Uint8Array | null, signedData: pkijs.SignedData, certificate: pkijs.Certificate): Uint8Array {
  try {
    const asCarried = tokenDer ? certificatesIn(tokenDer)[(signedData.certificates ?? []).indexOf(certificate)] : undefined;
    if (asCarried) return asCarried;
  } catch {
    // BER that the element reader does not follow: the re-encoding is all there is
  }
  return new Uint8Array(certificate.toSchema(true).toBER(false));
}

/**
 * The parts of a certificate its issuer's signature does not cover are as X.509 requires (RFC
 * 5280 §4.1.1.2-3): the outer signatureAlgorithm is the TBS's own, byte for byte, and the
 * signature BIT STRING has no unused bits.
 */
function strictEnvelope(certificateDer: Uint8Array): boolean {
  const [tbs, algorithm, signature] = childrenOf(certificateDer, readElement(certificateDer, 0));
  if (!tbs || !algorithm || !signature || signature.tagNumber !== 3 || certificateDer[signature.contentsStart] !== 0) return false;
  const fields = childrenOf(certificateDer, tbs);
  const inner = fields[fields[0]?.tagClass === 2 ? 2 : 1];
  return Boolean(inner) && hex(certificateDer.subarray(inner!.start, inner!.end)) === hex(certificateDer.subarray(algorithm.start, algorithm.end));
}

/**
 * signingCertificateV2 (RFC 5035, SHA-256 unless it says otherwise) or v1 (RFC 2634, SHA-1) names
 * the signer's certificate by the hash of its DER.
 */
async function bindsCertificate(value: unknown, certificateDer: Uint8Array): Promise<boolean> {
  if (!(value instanceof asn1js.Sequence)) return false;
  const certs = value.valueBlock.value[0];
  const first = certs instanceof asn1js.Sequence ? certs.valueBlock.value[0] : undefined;
  if (!(first instanceof asn1js.Sequence)) return false;
  const [head, second] = first.valueBlock.value;
  let algorithm: string = "SHA-256";
  let hash: asn1js.OctetString | undefined;
  if (head instanceof asn1js.Sequence) {
    const oid = head.valueBlock.value[0];
    algorithm = (oid instanceof asn1js.ObjectIdentifier && DIGESTS[oid.valueBlock.toString()]) || "";
    hash = second instanceof asn1js.OctetString ? second : undefined;
  } else if (head instanceof asn1js.OctetString) {
    hash = head;
    if (hash.valueBlock.valueHexView.length === 20) algorithm = "SHA-1";
  }
  if (!algorithm || !hash) return false;
  return hex(hash.valueBlock.valueHexView) === hex(await crypto.subtle.digest(algorithm, ab(certificateDer)));
}

/** A certificate's name for people: its CN, else O, else the whole subject. */
export function nameOf(certificate: x509.X509Certificate): string {
  const name = certificate.subjectName;
  return name.getField("CN")[0] ?? name.getField("O")[0] ?? certificate.subject;
}

/**
 * The bundle a chain is built from: the configured roots, and the intermediates a CMS carries.
 * A self-signed certificate carried in the CMS is never an anchor: only configured roots are.
 */
export function anchorsFor(roots: x509.X509Certificate[], carried: x509.X509Certificate[], signer: x509.X509Certificate): x509.X509Certificate[] {
  return [...roots, ...carried.filter((c) => !c.equal(signer) && !roots.some((r) => r.equal(c)) && c.subject !== c.issuer)];
}
