import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { OIDS, signingCertificateV2 } from "./cms-signature";
import { parsedCertificate } from "./parsed-certificate";

/** id-aa-signatureTimeStampToken: an RFC 3161 token over the signature value (PAdES-B-T). */
export const SIGNATURE_TIMESTAMP_OID = "1.2.840.113549.1.9.16.2.14";

// Copy into a fresh buffer: a Node Buffer is often a view into a shared pool, and .buffer would be all of it.
const ab = (bytes: Uint8Array): ArrayBuffer => new Uint8Array(bytes).buffer as ArrayBuffer;

/**
 * The CMS of a PAdES baseline signature (SubFilter ETSI.CAdES.detached) over the bytes a PDF's
 * ByteRange covers: signed attributes contentType, messageDigest and signing-certificate-v2 (no
 * signingTime: PAdES puts the time in the signature dictionary), the signer's chain, and an
 * RFC 3161 timestamp over the signature value as an unsigned attribute (B-T level).
 */
export async function createPadesCms(input: {
  content: Uint8Array;
  certificateDer: Uint8Array;
  chainDer: Uint8Array[];
  privateKey: CryptoKey;
  timestamp: (signatureValue: Uint8Array) => Promise<Uint8Array>;
}): Promise<Uint8Array> {
  const certificate = parsedCertificate(input.certificateDer);
  const digest = await crypto.subtle.digest("SHA-256", ab(input.content));
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OIDS.data }),
    certificates: [certificate, ...input.chainDer.map(parsedCertificate)],
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: OIDS.contentType, values: [new asn1js.ObjectIdentifier({ value: OIDS.data })] }),
            new pkijs.Attribute({ type: OIDS.messageDigest, values: [new asn1js.OctetString({ valueHex: digest })] }),
            await signingCertificateV2(certificate),
          ],
        }),
      }),
    ],
  });
  await signedData.sign(input.privateKey, 0, "SHA-256");
  const signer = signedData.signerInfos[0]!;
  const token = await input.timestamp(new Uint8Array(signer.signature.valueBlock.valueHexView));
  signer.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 1,
    attributes: [new pkijs.Attribute({ type: SIGNATURE_TIMESTAMP_OID, values: [asn1js.fromBER(ab(token)).result] })],
  });
  return new Uint8Array(new pkijs.ContentInfo({ contentType: OIDS.signedData, content: signedData.toSchema(true) }).toSchema().toBER(false));
}
