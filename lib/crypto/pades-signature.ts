import { objectIdentifier, octetString, sequence } from "./der";
import { attribute, OIDS, signAttributes, signedDataContentInfo, signingCertificateV2 } from "./signed-data";

/** id-aa-signatureTimeStampToken: an RFC 3161 token over the signature value (PAdES-B-T). */
export const SIGNATURE_TIMESTAMP_OID = "1.2.840.113549.1.9.16.2.14";

/**
 * The CMS of a PAdES baseline signature (SubFilter ETSI.CAdES.detached) over the bytes a PDF's
 * ByteRange covers: signed attributes contentType, messageDigest and signing-certificate-v2 (no
 * signingTime: PAdES puts the time in the signature dictionary), the signer's chain, and an
 * RFC 3161 timestamp over the signature value as an unsigned attribute (B-T level). Written as
 * DER directly (signed-data.ts).
 */
export async function createPadesCms(input: {
  content: Uint8Array;
  certificateDer: Uint8Array;
  chainDer: Uint8Array[];
  privateKey: CryptoKey;
  timestamp: (signatureValue: Uint8Array) => Promise<Uint8Array>;
}): Promise<Uint8Array> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", input.content as Uint8Array<ArrayBuffer>));
  const signedAttributes = [
    attribute(OIDS.contentType, objectIdentifier(OIDS.data)),
    attribute(OIDS.messageDigest, octetString(digest)),
    await signingCertificateV2(input.certificateDer),
  ];
  const signature = await signAttributes(signedAttributes, input.privateKey);
  const token = await input.timestamp(signature);
  return signedDataContentInfo({
    version: 1,
    encapsulated: sequence(objectIdentifier(OIDS.data)),
    certificates: [input.certificateDer, ...input.chainDer],
    signerCertificate: input.certificateDer,
    signedAttributes,
    signature,
    unsignedAttributes: [attribute(SIGNATURE_TIMESTAMP_OID, token)],
  });
}
