import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { checkCertificateTrust } from "./certificate-trust";
import { childrenOf, readElement } from "./der-elements";
import { certificatesIn, OIDS } from "./signed-data";
import { signedIntegerHex, TST_INFO_OID } from "./timestamp-token";

export { signedIntegerHex };

/**
 * Checks an RFC 3161 time stamp as NOM-151 PSCs issue their constancias de conservación, judged
 * the way a person receiving one would (issue 29): what the PSC answered (granted), what it covers
 * (the imprint asked about), that the PSC signed it (a valid signature over the signed attributes,
 * messageDigest over the TSTInfo, signingCertificateV2 naming the certificate), and that the
 * certificate chains to a trusted root **at genTime** (a constancia outlives its PSC certificate).
 *
 * What real constancias look like (shared/realworld/nom151, Advantage Security's PSC, issued in
 * production): no extended key usage at all, so `timeStamping` is not required here (openssl ts
 * -verify refuses them for that; `openssl cms -verify -purpose any` accepts); a negative serial
 * number (-0x35CEE4), read here as the signed INTEGER it is; no nonce (its clients ask without
 * one), so a nonce is compared only when one was asked for and echoed. Pure (WebCrypto).
 */

export type TimestampProblem =
  | "malformed"
  | "not-granted"
  | "imprint-mismatch"
  | "unsupported-algorithm"
  | "no-certificate"
  | "digest-mismatch"
  | "bad-signature"
  | "untrusted"
  | "certificate-not-valid-at-gen-time"
  | "nonce-mismatch";

export type TimestampCheck = {
  valid: boolean;
  /** SHA-256 (or the token's algorithm) of what was stamped, lowercase hex. */
  imprint: string | null;
  gen_time: string | null;
  /** The PSC's name (its certificate's CN, else O). */
  tsa: string | null;
  policy: string | null;
  /** The TSTInfo's serial as a signed integer, hexadecimal with its sign ("-35CEE4"). */
  serial_number: string | null;
  /** Subjects from the PSC's certificate up to the root, when it chains. */
  chain: string[];
  problems: TimestampProblem[];
  /**
   * What is irregular but does not make it invalid: "certificate-binding" when signingCertificateV2
   * is missing or names a certificate the token does not carry. The real constancia in
   * shared/realworld/nom151 names a certificate whose SHA-256 is neither its PSC certificate's nor
   * its root's (1889B2B4…), while its signature verifies under the carried PSC certificate, which
   * chains to ACR2-SE; a verifier requiring the binding would refuse a production constancia.
   */
  warnings: "certificate-binding"[];
};

const ab = (bytes: Uint8Array): ArrayBuffer => new Uint8Array(bytes).buffer as ArrayBuffer;
const hex = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString("hex");

const DIGESTS: Record<string, "SHA-1" | "SHA-256" | "SHA-384" | "SHA-512"> = {
  "1.3.14.3.2.26": "SHA-1",
  [OIDS.sha256]: "SHA-256",
  "2.16.840.1.101.3.4.2.2": "SHA-384",
  "2.16.840.1.101.3.4.2.3": "SHA-512",
};


/**
 * The token inside what a PSC hands over: a TimeStampResp (status, then the token) or a bare
 * TimeStampToken (a ContentInfo, whose first element is an OID). null when it is neither.
 */
function unwrap(der: Uint8Array): { granted: boolean; token: pkijs.ContentInfo | null; tokenDer: Uint8Array | null } | null {
  const parsed = asn1js.fromBER(ab(der));
  if (parsed.offset === -1 || !(parsed.result instanceof asn1js.Sequence)) return null;
  const first = parsed.result.valueBlock.value[0];
  try {
    if (first instanceof asn1js.ObjectIdentifier) return { granted: true, token: new pkijs.ContentInfo({ schema: parsed.result }), tokenDer: der };
    const response = new pkijs.TimeStampResp({ schema: parsed.result });
    const granted = response.status.status === pkijs.PKIStatus.granted || response.status.status === pkijs.PKIStatus.grantedWithMods;
    // The token's bytes as the PSC wrote them (its certificates are hashed as carried).
    const token = childrenOf(der, readElement(der, 0))[1];
    return { granted, token: response.timeStampToken ?? null, tokenDer: token ? der.slice(token.start, token.end) : null };
  } catch {
    return null;
  }
}

function nameOf(certificate: x509.X509Certificate): string {
  const name = certificate.subjectName;
  return name.getField("CN")[0] ?? name.getField("O")[0] ?? certificate.subject;
}

type CheckInput = {
  /** A TimeStampResp or a bare TimeStampToken, DER. */
  der: Uint8Array;
  /** The hash the stamp should cover, of the algorithm the token names. */
  imprint: Uint8Array;
  /** Trusted roots (and intermediates) for the PSC's chain. */
  roots: x509.X509Certificate[];
  /** The nonce sent, when one was: compared only if the PSC echoed one. */
  nonce?: Uint8Array;
};

/** Never throws: whatever the bytes, an answer with its problems (hostile input is "malformed"). */
export async function checkTimestamp(input: CheckInput): Promise<TimestampCheck> {
  try {
    return await check(input);
  } catch {
    return { valid: false, imprint: null, gen_time: null, tsa: null, policy: null, serial_number: null, chain: [], problems: ["malformed"], warnings: [] };
  }
}

async function check(input: CheckInput): Promise<TimestampCheck> {
  const out: TimestampCheck = { valid: false, imprint: null, gen_time: null, tsa: null, policy: null, serial_number: null, chain: [], problems: [], warnings: [] };
  const fail = (problem: TimestampProblem) => {
    out.problems.push(problem);
    return out;
  };
  if (!fitsExactly(input.der)) return fail("malformed");
  const unwrapped = unwrap(input.der);
  if (!unwrapped) return fail("malformed");
  if (!unwrapped.granted) out.problems.push("not-granted");
  if (!unwrapped.token) return fail("malformed");

  let signedData: pkijs.SignedData;
  let tstInfo: pkijs.TSTInfo;
  let eContent: Uint8Array;
  try {
    if (unwrapped.token.contentType !== OIDS.signedData) return fail("malformed");
    signedData = new pkijs.SignedData({ schema: unwrapped.token.content });
    if (signedData.encapContentInfo.eContentType !== TST_INFO_OID || !signedData.encapContentInfo.eContent) return fail("malformed");
    eContent = new Uint8Array(signedData.encapContentInfo.eContent.getValue());
    tstInfo = pkijs.TSTInfo.fromBER(ab(eContent));
  } catch {
    return fail("malformed");
  }

  const imprintAlgorithm = DIGESTS[tstInfo.messageImprint.hashAlgorithm.algorithmId];
  out.imprint = hex(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView);
  out.gen_time = tstInfo.genTime.toISOString();
  out.policy = tstInfo.policy;
  out.serial_number = signedIntegerHex(new Uint8Array(tstInfo.serialNumber.valueBlock.valueHexView));
  if (!imprintAlgorithm) out.problems.push("unsupported-algorithm");
  if (out.imprint !== hex(input.imprint)) out.problems.push("imprint-mismatch");
  if (input.nonce && tstInfo.nonce && signedIntegerHex(new Uint8Array(tstInfo.nonce.valueBlock.valueHexView)) !== signedIntegerHex(input.nonce)) out.problems.push("nonce-mismatch");

  if (signedData.signerInfos.length !== 1 || signedData.version !== 3) return fail("malformed");
  const signer = signedData.signerInfos[0]!;
  // What is not signed must still say what was done (RFC 5652 §5.1, §5.3): the signer's digest is
  // one the SignedData lists, and its signature algorithm is RSA (what is verified below).
  if (signer.version !== 1 || !signedData.digestAlgorithms.some((a) => a.algorithmId === signer.digestAlgorithm.algorithmId)) return fail("malformed");
  if (!RSA_SIGNATURES.has(signer.signatureAlgorithm.algorithmId)) return fail("unsupported-algorithm");
  const certificates = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const sid = signer.sid;
  // The signer named byte for byte (pkijs's isEqual forgives changes in string types and case).
  const sameName = (a: pkijs.RelativeDistinguishedNames, b: pkijs.RelativeDistinguishedNames) => hex(a.valueBeforeDecode) === hex(b.valueBeforeDecode);
  const signerCertificate = certificates.find((c) => (sid instanceof pkijs.IssuerAndSerialNumber ? sameName(c.issuer, sid.issuer) && c.serialNumber.isEqual(sid.serialNumber) : false));
  if (!signerCertificate) return fail("no-certificate");
  const certificateDer = carriedBytes(unwrapped.tokenDer, signedData, signerCertificate);
  if (!strictEnvelope(certificateDer)) return fail("malformed");
  const certificate = new x509.X509Certificate(ab(certificateDer));
  out.tsa = nameOf(certificate);

  const digest = DIGESTS[signer.digestAlgorithm.algorithmId];
  const attributes = signer.signedAttrs?.attributes ?? [];
  const attribute = (oid: string) => attributes.find((a) => a.type === oid)?.values[0];
  if (!digest || !signer.signedAttrs) return fail("unsupported-algorithm");
  const messageDigest = attribute(OIDS.messageDigest) as asn1js.OctetString | undefined;
  const contentDigest = new Uint8Array(await crypto.subtle.digest(digest, ab(eContent)));
  if (!messageDigest || hex(messageDigest.valueBlock.valueHexView) !== hex(contentDigest)) out.problems.push("digest-mismatch");
  if (!(await bindsCertificate(attribute(OIDS.signingCertificateV2) ?? attribute(SIGNING_CERTIFICATE_V1), certificateDer))) out.warnings.push("certificate-binding");

  const signedAttributes = new Uint8Array(signer.signedAttrs.encodedValue);
  signedAttributes[0] = 0x31; // signed as a SET OF, carried as [0] IMPLICIT
  try {
    const key = await crypto.subtle.importKey("spki", ab(new Uint8Array(signerCertificate.subjectPublicKeyInfo.toSchema().toBER(false))), { name: "RSASSA-PKCS1-v1_5", hash: digest }, false, ["verify"]);
    if (!(await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, ab(new Uint8Array(signer.signature.valueBlock.valueHexView)), ab(signedAttributes)))) out.problems.push("bad-signature");
  } catch {
    out.problems.push("unsupported-algorithm");
  }

  // The chain at genTime, through the token's own certificates and the configured roots; only a
  // root of the configured set anchors it. No extended key usage is asked for (see above).
  const carried = certificates.map((c) => new x509.X509Certificate(ab(new Uint8Array(c.toSchema(true).toBER(false)))));
  const trust = await checkCertificateTrust(certificateDer, [...input.roots, ...carried.filter((c) => !c.equal(certificate) && !input.roots.some((r) => r.equal(c)) && !isSelfSigned(c))], tstInfo.genTime);
  if (trust.ok) out.chain = trust.chain.map((c) => c.subject);
  else out.problems.push(trust.reason === "expired" || trust.reason === "not-yet-valid" ? "certificate-not-valid-at-gen-time" : "untrusted");

  out.valid = out.problems.length === 0;
  return out;
}

const SIGNING_CERTIFICATE_V1 = "1.2.840.113549.1.9.16.2.12";
// rsaEncryption, and sha1/256/384/512WithRSAEncryption.
const RSA_SIGNATURES = new Set(["1.2.840.113549.1.1.1", "1.2.840.113549.1.1.5", "1.2.840.113549.1.1.11", "1.2.840.113549.1.1.12", "1.2.840.113549.1.1.13"]);

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
 * Every constructed element is filled exactly by its children, and the whole input by one
 * element: BER readers forgive a length that runs past its parent, which would let a changed
 * byte pass unseen.
 */
function fitsExactly(bytes: Uint8Array): boolean {
  const fits = (element: ReturnType<typeof readElement>, depth: number): boolean => {
    if (!element.constructed || depth > 32) return true;
    const children = childrenOf(bytes, element);
    if ((children.at(-1)?.end ?? element.contentsStart) > element.contentsEnd) return false;
    return children.every((child) => fits(child, depth + 1));
  };
  try {
    const top = readElement(bytes, 0);
    return top.end === bytes.length && fits(top, 0);
  } catch {
    return false;
  }
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

/** A self-signed certificate carried in the token is never an anchor: only configured roots are. */
function isSelfSigned(c: x509.X509Certificate): boolean {
  return c.subject === c.issuer;
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
