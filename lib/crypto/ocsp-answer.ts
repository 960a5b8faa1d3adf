import { certificateFields } from "./certificate-fields";
import { bitString, contextConstructed, contextPrimitive, enumerated, generalizedTime, NULL, objectIdentifier, octetString, sequence } from "./der";
import { rsaSign, SHA256_WITH_RSA } from "./signed-data";

/**
 * OCSP answers (RFC 6960 §4.2) signed by an authority we hold, written as DER (der.ts): the
 * platform's own answers stored in sealed PDFs (validation-data.ts) and the test responder's
 * (test-ocsp-responder.ts). Pure (WebCrypto): CertIDs and a key in, response bytes out.
 */
export type OcspStatus = "good" | "revoked" | "unknown";

const SHA1 = "1.3.14.3.2.26";
const BASIC_RESPONSE = "1.3.6.1.5.5.7.48.1.1";

/**
 * The CertID (RFC 6960 §4.1.1) of a certificate: SHA-1 of its issuer's name and key, and its
 * serial, as RFC 5019 and SAT's clients send it. The same for every answer about that
 * certificate: made once per pair per process.
 */
const certIds = new WeakMap<Uint8Array, WeakMap<Uint8Array, Promise<Uint8Array>>>();
export function ocspCertId(certificateDer: Uint8Array, issuerDer: Uint8Array): Promise<Uint8Array> {
  const [certificate, issuer] = [certificateFields(certificateDer), certificateFields(issuerDer)];
  let byIssuer = certIds.get(certificate.der);
  if (!byIssuer) certIds.set(certificate.der, (byIssuer = new WeakMap()));
  let certId = byIssuer.get(issuer.der);
  if (!certId) {
    const sha1 = async (bytes: Uint8Array) => octetString(new Uint8Array(await crypto.subtle.digest("SHA-1", bytes as Uint8Array<ArrayBuffer>)));
    certId = Promise.all([sha1(issuer.subject), sha1(issuer.publicKey)]).then(([nameHash, keyHash]) => sequence(sequence(objectIdentifier(SHA1), NULL), nameHash, keyHash, certificate.serialNumber));
    byIssuer.set(issuer.der, certId);
  }
  return certId;
}

/**
 * A successful OCSPResponse whose BasicOCSPResponse answers each CertID with its status, current
 * from `now` for `validityMs`, names its responder by the certificate's subject and carries that
 * certificate. A revoked certificate is said to be revoked since a day before `now`.
 * `responseExtensions` (the echoed nonce) are Extension DERs.
 */
export async function signOcspAnswer(input: {
  responses: { certId: Uint8Array; status: OcspStatus }[];
  responder: { certificateDer: Uint8Array; privateKey: CryptoKey };
  now: Date;
  validityMs: number;
  responseExtensions?: Uint8Array[];
}): Promise<Uint8Array> {
  const { now } = input;
  const responder = certificateFields(input.responder.certificateDer);
  const single = ({ certId, status }: { certId: Uint8Array; status: OcspStatus }) =>
    sequence(certId, certStatus(status, now), generalizedTime(now), contextConstructed(0, generalizedTime(new Date(now.getTime() + input.validityMs))));
  const tbsResponseData = sequence(
    contextConstructed(1, responder.subject), // responderID byName
    generalizedTime(now),
    sequence(...input.responses.map(single)),
    ...(input.responseExtensions?.length ? [contextConstructed(1, sequence(...input.responseExtensions))] : []),
  );
  const signature = await rsaSign(input.responder.privateKey, tbsResponseData);
  const basic = sequence(tbsResponseData, SHA256_WITH_RSA, bitString(signature), contextConstructed(0, sequence(responder.der)));
  return sequence(enumerated(0), contextConstructed(0, sequence(objectIdentifier(BASIC_RESPONSE), octetString(basic))));
}

function certStatus(status: OcspStatus, now: Date): Uint8Array {
  if (status === "good") return contextPrimitive(0, new Uint8Array(0));
  if (status === "unknown") return contextPrimitive(2, new Uint8Array(0));
  return contextConstructed(1, generalizedTime(new Date(now.getTime() - 864e5)));
}
