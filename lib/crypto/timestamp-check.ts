import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { checkCertificateTrust } from "./certificate-trust";
import { childrenOf, readElement } from "./der-elements";
import { ab, anchorsFor, checkCmsSigner, DIGESTS, hex, nameOf } from "./cms-signer-check";
import { OIDS } from "./signed-data";
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


type CheckInput = {
  /** A TimeStampResp or a bare TimeStampToken, DER. */
  der: Uint8Array;
  /** The hash the stamp should cover, of the algorithm the token names; or the data, hashed with that algorithm. */
  imprint: Uint8Array | { of: Uint8Array };
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
  const expected = "of" in input.imprint ? (imprintAlgorithm ? new Uint8Array(await crypto.subtle.digest(imprintAlgorithm, ab(input.imprint.of))) : new Uint8Array(0)) : input.imprint;
  if (out.imprint !== hex(expected)) out.problems.push("imprint-mismatch");
  if (input.nonce && tstInfo.nonce && signedIntegerHex(new Uint8Array(tstInfo.nonce.valueBlock.valueHexView)) !== signedIntegerHex(input.nonce)) out.problems.push("nonce-mismatch");

  const signer = await checkCmsSigner(signedData, unwrapped.tokenDer, eContent, 3);
  out.problems.push(...signer.problems);
  out.warnings.push(...signer.warnings);
  if (!signer.certificate) return out;
  const { certificate, certificateDer, carried } = signer;
  out.tsa = nameOf(certificate);

  // The chain at genTime, through the token's own certificates and the configured roots; only a
  // root of the configured set anchors it. No extended key usage is asked for (see above).
  const trust = await checkCertificateTrust(certificateDer, anchorsFor(input.roots, carried, certificate), tstInfo.genTime);
  if (trust.ok) out.chain = trust.chain.map((c) => c.subject);
  else out.problems.push(trust.reason === "expired" || trust.reason === "not-yet-valid" ? "certificate-not-valid-at-gen-time" : "untrusted");

  out.valid = out.problems.length === 0;
  return out;
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



