import "reflect-metadata";
import * as pkijs from "pkijs";
import { certificateFields } from "./certificate-fields";
import { bitString, integer, objectIdentifier, sequence, utcTime } from "./der";
import { childrenOf } from "./der-elements";
import { ocspCertId, signOcspAnswer } from "./ocsp-answer";
import { SIGNATURE_TIMESTAMP_OID } from "./pades-signature";
import { parsedCertificate } from "./parsed-certificate";
import { rsaSign, SHA256_WITH_RSA, signedDataFields } from "./signed-data";
import type * as x509 from "@peculiar/x509";

/**
 * Validation data for long-term validation (PAdES-B-LT, ETSI EN 319 142-1 §5.4): the
 * certificates of a signature's chains and revocation answers for them, to be stored in the
 * document security store. Revocation is produced by the authorities whose keys we hold (the
 * platform root and its issuing CA sign a CRL and answer OCSP for the certificates they issued),
 * the way a CA's own responder would (RFC 6960 §4.2.2.2 lets the CA sign its answers). Pure:
 * certificates and keys in, DER out.
 */

export type Authority = { certificate: x509.X509Certificate; privateKey: CryptoKey };
export type ValidationData = { certificates: Uint8Array[]; ocsps: Uint8Array[]; crls: Uint8Array[] };

/** How long the answers say they are current; a validator later relies on them as of the seal time. */
const VALIDITY_MS = 7 * 24 * 3600_000;

/** The RFC 3161 token in a PAdES CMS's signature-time-stamp attribute (id-aa-signatureTimeStampToken). */
export function signatureTimestampIn(cms: Uint8Array): Uint8Array | null {
  const signerInfo = childrenOf(cms, signedDataFields(cms).at(-1)!)[0];
  const unsigned = signerInfo ? childrenOf(cms, signerInfo).find((f) => f.tagClass === CONTEXT && f.tagNumber === 1) : undefined;
  for (const attribute of unsigned ? childrenOf(cms, unsigned) : []) {
    const [type, values] = childrenOf(cms, attribute);
    const token = values && childrenOf(cms, values)[0];
    if (type && token && sameBytes(cms.subarray(type.start, type.end), SIGNATURE_TIMESTAMP_DER)) return cms.slice(token.start, token.end);
  }
  return null;
}

const CONTEXT = 2;
const SIGNATURE_TIMESTAMP_DER = objectIdentifier(SIGNATURE_TIMESTAMP_OID);

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

/** A CRL (RFC 5280 §5) signed by an authority, listing nothing revoked; written as DER (der.ts). */
export async function issueCrl(authority: Authority, now: Date): Promise<Uint8Array> {
  const issuer = certificateFields(new Uint8Array(authority.certificate.rawData));
  const tbsCertList = sequence(integer(1), SHA256_WITH_RSA, issuer.subject, utcTime(now), utcTime(new Date(now.getTime() + VALIDITY_MS)));
  return sequence(tbsCertList, SHA256_WITH_RSA, bitString(await rsaSign(authority.privateKey, tbsCertList)));
}

/**
 * Certificates (deduplicated, in order) plus, for each one an authority we hold issued, an OCSP
 * answer "good" signed by that authority, and that authority's CRL. Certificates whose issuer we
 * do not hold (an external TSA's) are stored without revocation data: the validator fetches it.
 */
export async function collectValidationData(certificates: Uint8Array[], authorities: Authority[], now: Date): Promise<ValidationData> {
  const unique = await completeChains(dedupe(certificates), authorities);
  const issued = (await Promise.all(unique.map(async (der) => ({ der, issuer: await issuerOf(der, authorities) })))).filter((c): c is { der: Uint8Array; issuer: Authority } => !!c.issuer);
  // Signing runs on libuv's thread pool: the answers are made side by side.
  const [ocsps, crls] = await Promise.all([
    Promise.all(
      issued.map(async ({ der, issuer }) => {
        // The answer is stored, not matched to a live request: made from the CertID, no nonce.
        const issuerDer = new Uint8Array(issuer.certificate.rawData);
        const certId = await ocspCertId(der, issuerDer);
        return signOcspAnswer({ responses: [{ certId, status: "good" }], responder: { certificateDer: issuerDer, privateKey: issuer.privateKey }, now, validityMs: VALIDITY_MS });
      }),
    ),
    Promise.all([...new Set(issued.map((c) => c.issuer))].map((issuer) => issueCrl(issuer, now))),
  ]);
  return { certificates: unique, ocsps, crls };
}

/** Each chain up to its root, with the certificates of the authorities we hold that issued one of the list. */
async function completeChains(list: Uint8Array[], authorities: Authority[]): Promise<Uint8Array[]> {
  const out = [...list];
  for (let i = 0; i < out.length; i++) {
    const issuer = await issuerOf(out[i]!, authorities);
    if (issuer) out.push(...dedupe([...out, new Uint8Array(issuer.certificate.rawData)]).slice(out.length));
  }
  return out;
}

/**
 * The authority that issued a certificate (none for a root: it is the trust anchor, and nobody
 * can revoke it): same name, and its key verifies the certificate's signature, so a
 * certificate from another CA that happens to share the name gets no answer from ours.
 */
async function issuerOf(der: Uint8Array, authorities: Authority[]): Promise<Authority | undefined> {
  const certificate = parsedCertificate(der);
  if (certificate.subject.isEqual(certificate.issuer)) return undefined;
  for (const authority of authorities) if (await issued(authority, certificate, der)) return authority;
  return undefined;
}

// The same few certificates are sealed with all day: check each signature once per process.
const issuedBy = new WeakMap<Authority, Map<string, Promise<boolean>>>();
function issued(authority: Authority, certificate: pkijs.Certificate, der: Uint8Array): Promise<boolean> {
  let known = issuedBy.get(authority);
  if (!known) issuedBy.set(authority, (known = new Map()));
  const key = Buffer.from(der).toString("base64");
  let answer = known.get(key);
  if (!answer) {
    if (known.size > 256) known.clear();
    const candidate = parsedCertificate(authority.certificate.rawData);
    answer = candidate.subject.isEqual(certificate.issuer) ? certificate.verify(candidate).catch(() => false) : Promise.resolve(false);
    known.set(key, answer);
  }
  return answer;
}

function dedupe(list: Uint8Array[]): Uint8Array[] {
  const seen = new Set<string>();
  return list.filter((der) => {
    const key = Buffer.from(der).toString("base64");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
