import { certificateFields } from "./certificate-fields";
import { contextConstructed, inDerOrder, integer, NULL, objectIdentifier, octetString, sequence, setOf } from "./der";
import { childrenOf, readElement, type DerElement } from "./der-elements";

/**
 * CMS SignedData (RFC 5652 §5) with one signer, RSA PKCS#1 v1.5 with SHA-256, written as DER
 * (der.ts): what our time-stamp tokens, the seal's PAdES signature and signers' detached
 * signatures share. The signer is named by IssuerAndSerialNumber and bound by
 * signing-certificate-v2; the signature is over the signed attributes. Browser-safe (WebCrypto).
 */

export const OIDS = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  sha256: "2.16.840.1.101.3.4.2.1",
  sha256WithRSA: "1.2.840.113549.1.1.11",
} as const;

/** An attribute (RFC 5652 §5.3): its type and one value. */
export const attribute = (oid: string, value: Uint8Array) => sequence(objectIdentifier(oid), setOf(value));

/** SHA-256 AlgorithmIdentifier, with the NULL parameters CMS writers put in digestAlgorithms. */
export const SHA256_WITH_NULL = sequence(objectIdentifier(OIDS.sha256), NULL);
export const SHA256_WITH_RSA = sequence(objectIdentifier(OIDS.sha256WithRSA));

/**
 * signing-certificate-v2 (RFC 5035) naming the certificate: the SHA-256 of its DER and its
 * issuer and serial number. The same for every signature by that certificate: made once.
 */
const bindings = new WeakMap<Uint8Array, Promise<Uint8Array>>();
export function signingCertificateV2(certificateDer: Uint8Array): Promise<Uint8Array> {
  const fields = certificateFields(certificateDer);
  let binding = bindings.get(fields.der);
  if (!binding) {
    binding = crypto.subtle.digest("SHA-256", fields.der as Uint8Array<ArrayBuffer>).then((hash) => {
      // ESSCertIDv2 with the default hashAlgorithm (SHA-256) left out; issuer as a directoryName.
      const issuerSerial = sequence(sequence(contextConstructed(4, fields.issuer)), fields.serialNumber);
      return attribute(OIDS.signingCertificateV2, sequence(sequence(sequence(octetString(new Uint8Array(hash)), issuerSerial))));
    });
    bindings.set(fields.der, binding);
  }
  return binding;
}

/** RSASSA-PKCS1-v1_5 with SHA-256, the only kind of key the platform and signers hold. */
export async function rsaSign(privateKey: CryptoKey, data: Uint8Array): Promise<Uint8Array> {
  if (privateKey.algorithm.name !== "RSASSA-PKCS1-v1_5") throw new Error(`Unsupported signing key: ${privateKey.algorithm.name}`);
  return new Uint8Array(await crypto.subtle.sign("RSASSA-PKCS1-v1_5", privateKey, data as Uint8Array<ArrayBuffer>));
}

/** The signature over the signed attributes, DER-encoded as a SET OF (RFC 5652 §5.4). */
export const signAttributes = (signedAttributes: Uint8Array[], privateKey: CryptoKey) => rsaSign(privateKey, setOf(...signedAttributes));

/** The ContentInfo around a SignedData whose signer's signature is already made. */
export function signedDataContentInfo(input: {
  version: number;
  /** EncapsulatedContentInfo, as written by the caller (eContentType and, for a token, eContent). */
  encapsulated: Uint8Array;
  certificates: Uint8Array[];
  signerCertificate: Uint8Array;
  signedAttributes: Uint8Array[];
  signature: Uint8Array;
  unsignedAttributes?: Uint8Array[];
}): Uint8Array {
  const signer = certificateFields(input.signerCertificate);
  const signerInfo = sequence(
    integer(1),
    sequence(signer.issuer, signer.serialNumber),
    SHA256_WITH_NULL,
    contextConstructed(0, ...inDerOrder(input.signedAttributes)),
    SHA256_WITH_RSA,
    octetString(input.signature),
    ...(input.unsignedAttributes ? [contextConstructed(1, ...inDerOrder(input.unsignedAttributes))] : []),
  );
  const signedData = sequence(integer(input.version), setOf(SHA256_WITH_NULL), input.encapsulated, contextConstructed(0, ...input.certificates), setOf(signerInfo));
  return sequence(objectIdentifier(OIDS.signedData), contextConstructed(0, signedData));
}

/**
 * The certificates a CMS SignedData (a signature or an RFC 3161 token) carries, DER. Only the
 * elements' boundaries are read (der-elements.ts): two fields are needed (RFC 5652 §5.1:
 * certificates [0] IMPLICIT, signerInfos last), and asn1js's tree of the whole structure cost
 * 2.5 ms per signature, three times per seal.
 */
export function certificatesIn(cms: Uint8Array): Uint8Array[] {
  const certificates = signedDataFields(cms).find((f) => f.tagClass === CONTEXT && f.tagNumber === 0);
  return certificates ? childrenOf(cms, certificates).filter((c) => c.tagClass === UNIVERSAL && c.tagNumber === SEQUENCE).map((c) => cms.slice(c.start, c.end)) : [];
}

const [UNIVERSAL, CONTEXT, SEQUENCE] = [0, 2, 16];

/** The fields of the SignedData inside a ContentInfo (RFC 5652 §5.1), signerInfos last. */
export function signedDataFields(cms: Uint8Array): DerElement[] {
  let contentInfo: DerElement;
  try {
    contentInfo = readElement(cms, 0);
  } catch {
    throw new Error("Not a CMS object.");
  }
  const explicit = childrenOf(cms, contentInfo)[1]; // ContentInfo: contentType, [0] EXPLICIT content
  return childrenOf(cms, childrenOf(cms, explicit!)[0]!);
}
