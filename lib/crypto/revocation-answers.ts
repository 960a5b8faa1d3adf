import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { parsedCertificate } from "./parsed-certificate";

/**
 * OCSP (RFC 6960) and CRL (RFC 5280) as a relying party speaks them: the request for one
 * certificate, and the reading of an answer into good / revoked / unknown. Pure: bytes in,
 * verdicts out; the adapter (lib/adapters/ocsp) does the HTTP and picks the responder.
 */

export type RevocationStatus = { status: "good" } | { status: "revoked"; revokedAt: Date | null } | { status: "unknown"; detail: string };

export const OCSP_NONCE = "1.3.6.1.5.5.7.48.1.2";
export const OCSP_SIGNING = "1.3.6.1.5.5.7.3.9";
const EXTENDED_KEY_USAGE = "2.5.29.37";
const BASIC_RESPONSE = "1.3.6.1.5.5.7.48.1.1";
/** Clocks disagree: an answer dated this far in the future is still taken. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** An answer without nextUpdate and without our nonce must be this fresh. */
const MAX_AGE_WITHOUT_NEXT_UPDATE_MS = 24 * 3600_000;

const ab = (bytes: Uint8Array): ArrayBuffer => new Uint8Array(bytes).buffer as ArrayBuffer;
const cert = (der: Uint8Array) => parsedCertificate(der);

/**
 * One request for one certificate. CertID with SHA-1, as RFC 5019 profiles it and as SAT's own
 * clients send it (BouncyCastle CertificateID.HASH_SHA1, `openssl ocsp` defaults); a nonce
 * extension so a replayed answer is noticed when the responder echoes it.
 */
export async function buildOcspRequest(certificateDer: Uint8Array, issuerDer: Uint8Array, nonce: Uint8Array): Promise<Uint8Array> {
  const request = new pkijs.OCSPRequest();
  await request.createForCertificate(cert(certificateDer), { hashAlgorithm: "SHA-1", issuerCertificate: cert(issuerDer) });
  request.tbsRequest.requestExtensions = [new pkijs.Extension({ extnID: OCSP_NONCE, extnValue: new asn1js.OctetString({ valueHex: ab(nonce) }).toBER(false) })];
  return new Uint8Array(request.toSchema(true).toBER(false));
}

export type OcspReading = {
  certificateDer: Uint8Array;
  issuerDer: Uint8Array;
  /**
   * Certificates trusted to sign answers for this issuer as they are (openssl's -VAfile): SAT signs
   * its answers with an OCSP certificate of its own that it hands out beside its CAs.
   */
  trustedResponders: Uint8Array[];
  nonce: Uint8Array;
  now: Date;
};

/**
 * Reads an OCSPResponse. The answer counts only when it is signed by the issuer, by a trusted
 * responder certificate, or by a certificate it carries that the issuer signed for OCSP signing
 * (RFC 6960 §4.2.2.2); it speaks of this certificate; it is current (thisUpdate/nextUpdate); and
 * any nonce it returns is ours. Anything else is "unknown", with a reason for the log.
 */
export async function readOcspResponse(der: Uint8Array, expected: OcspReading): Promise<RevocationStatus> {
  const unknown = (detail: string): RevocationStatus => ({ status: "unknown", detail });
  let basic: pkijs.BasicOCSPResponse;
  try {
    const response = pkijs.OCSPResponse.fromBER(ab(der));
    const status = response.responseStatus.valueBlock.valueDec;
    if (status !== 0) return unknown(`The OCSP responder refused the request (${["successful", "malformedRequest", "internalError", "tryLater", "", "sigRequired", "unauthorized"][status] ?? status}).`);
    if (response.responseBytes?.responseType !== BASIC_RESPONSE) return unknown("The OCSP answer is not a basic response.");
    basic = pkijs.BasicOCSPResponse.fromBER(ab(new Uint8Array(response.responseBytes.response.valueBlock.valueHexView)));
  } catch {
    return unknown("The OCSP answer could not be read.");
  }

  const issuer = cert(expected.issuerDer);
  if (!(await signedByAcceptedResponder(basic, issuer, expected.trustedResponders.map(cert), expected.now))) {
    return unknown("The OCSP answer is not signed by the issuer or a responder trusted for it.");
  }
  const echoed = basic.tbsResponseData.responseExtensions?.find((e) => e.extnID === OCSP_NONCE);
  if (echoed && !sameNonce(new Uint8Array(echoed.extnValue.valueBlock.valueHexView), expected.nonce)) return unknown("The OCSP answer carries another request's nonce.");

  const target = cert(expected.certificateDer);
  for (const single of basic.tbsResponseData.responses) {
    if (!(await matchesCertificate(single.certID, target, issuer))) continue;
    const now = expected.now.getTime();
    if (single.thisUpdate.getTime() > now + CLOCK_SKEW_MS) return unknown("The OCSP answer is dated in the future.");
    if (single.nextUpdate ? single.nextUpdate.getTime() < now - CLOCK_SKEW_MS : !echoed && single.thisUpdate.getTime() < now - MAX_AGE_WITHOUT_NEXT_UPDATE_MS) {
      return unknown("The OCSP answer is out of date.");
    }
    const tag = (single.certStatus as asn1js.BaseBlock).idBlock.tagNumber;
    if (tag === 0) return { status: "good" };
    if (tag === 1) return { status: "revoked", revokedAt: revocationTime(single.certStatus) };
    return unknown("The OCSP responder does not know the certificate.");
  }
  return unknown("The OCSP answer is about another certificate.");
}

async function signedByAcceptedResponder(basic: pkijs.BasicOCSPResponse, issuer: pkijs.Certificate, trusted: pkijs.Certificate[], now: Date): Promise<boolean> {
  const engine = pkijs.getEngine().crypto;
  if (!engine) return false;
  const signs = (signer: pkijs.Certificate) => engine.verifyWithPublicKey(ab(basic.tbsResponseData.tbsView), basic.signature, signer.subjectPublicKeyInfo, basic.signatureAlgorithm);
  const current = (c: pkijs.Certificate) => c.notBefore.value <= now && now <= c.notAfter.value;
  for (const candidate of [issuer, ...trusted.filter(current)]) if (await signs(candidate).catch(() => false)) return true;
  for (const carried of basic.certs ?? []) {
    const delegated = carried.extensions?.find((e) => e.extnID === EXTENDED_KEY_USAGE)?.parsedValue as pkijs.ExtKeyUsage | undefined;
    if (!delegated?.keyPurposes.includes(OCSP_SIGNING) || !current(carried) || !carried.issuer.isEqual(issuer.subject)) continue;
    if ((await carried.verify(issuer).catch(() => false)) && (await signs(carried).catch(() => false))) return true;
  }
  return false;
}

async function matchesCertificate(id: pkijs.CertID, target: pkijs.Certificate, issuer: pkijs.Certificate): Promise<boolean> {
  const hashAlgorithm = { "1.3.14.3.2.26": "SHA-1", "2.16.840.1.101.3.4.2.1": "SHA-256" }[id.hashAlgorithm.algorithmId];
  if (!hashAlgorithm) return false;
  const ours = new pkijs.CertID();
  await ours.createForCertificate(target, { hashAlgorithm, issuerCertificate: issuer });
  return ours.isEqual(id);
}

function revocationTime(status: unknown): Date | null {
  const time = (status as asn1js.Constructed).valueBlock?.value?.[0];
  return time instanceof asn1js.GeneralizedTime ? time.toDate() : null;
}

function sameNonce(echoed: Uint8Array, nonce: Uint8Array): boolean {
  // Some responders echo the OCTET STRING, others its DER wrapping (RFC 8954 §2.1): take both.
  const bare = echoed.length === nonce.length + 2 && echoed[0] === 0x04 ? echoed.subarray(2) : echoed;
  return bare.length === nonce.length && bare.every((b, i) => b === nonce[i]);
}

/** The CRL distribution points (http URLs) a certificate names. */
export function crlDistributionPoints(certificateDer: Uint8Array): string[] {
  const ext = cert(certificateDer).extensions?.find((e) => e.extnID === "2.5.29.31")?.parsedValue as pkijs.CRLDistributionPoints | undefined;
  return (ext?.distributionPoints ?? []).flatMap((p) => (Array.isArray(p.distributionPoint) ? p.distributionPoint : []).filter((n) => n.type === 6).map((n) => String(n.value))).filter((u) => /^https?:\/\//.test(u));
}

/** A CRL from the issuer, current, read for one certificate's serial. */
export async function readCrl(der: Uint8Array, expected: { certificateDer: Uint8Array; issuerDer: Uint8Array; now: Date }): Promise<RevocationStatus> {
  let crl: pkijs.CertificateRevocationList;
  try {
    crl = pkijs.CertificateRevocationList.fromBER(ab(der));
  } catch {
    return { status: "unknown", detail: "The CRL could not be read." };
  }
  const issuer = cert(expected.issuerDer);
  if (!crl.issuer.isEqual(issuer.subject) || !(await crl.verify({ issuerCertificate: issuer }).catch(() => false))) return { status: "unknown", detail: "The CRL is not signed by the issuer." };
  if (crl.nextUpdate && crl.nextUpdate.value.getTime() < expected.now.getTime() - CLOCK_SKEW_MS) return { status: "unknown", detail: "The CRL is out of date." };
  const serial = cert(expected.certificateDer).serialNumber;
  const entry = crl.revokedCertificates?.find((r) => r.userCertificate.isEqual(serial));
  return entry ? { status: "revoked", revokedAt: entry.revocationDate.value } : { status: "good" };
}
