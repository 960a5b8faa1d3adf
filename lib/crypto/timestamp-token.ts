import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { OIDS, signingCertificateV2 } from "./cms-signature";
import { parsedCertificate } from "./parsed-certificate";

/**
 * RFC 3161 time-stamp tokens: SignedData over a TSTInfo (eContentType id-ct-TSTInfo) signed by a
 * TSA whose certificate has the critical timeStamping EKU, with signing-certificate-v2 (openssl
 * ts -verify requires it). Used by the built-in TSA, for signers' timestamps, the seal's PAdES-T
 * timestamp and the constancy. Pure (WebCrypto).
 */
export const TST_INFO_OID = "1.2.840.113549.1.9.16.1.4";
export const DEFAULT_TSA_POLICY = "1.3.6.1.4.1.59999.1.1"; // Rúbrica sandbox policy

// Copy into a fresh buffer: a Node Buffer is often a view into a shared pool, and .buffer would be all of it.
const ab = (bytes: Uint8Array): ArrayBuffer => new Uint8Array(bytes).buffer as ArrayBuffer;

export type TsaIdentity = { certificateDer: Uint8Array; privateKey: CryptoKey; chainDer?: Uint8Array[] };

export async function createTimestampToken(input: {
  tsa: TsaIdentity;
  messageImprint: Uint8Array;
  serialNumber: bigint;
  genTime: Date;
  nonce?: Uint8Array;
  policy?: string;
}): Promise<Uint8Array> {
  const certificate = parsedCertificate(input.tsa.certificateDer);
  const tstInfo = new pkijs.TSTInfo({
    version: 1,
    policy: input.policy ?? DEFAULT_TSA_POLICY,
    messageImprint: new pkijs.MessageImprint({ hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OIDS.sha256 }), hashedMessage: new asn1js.OctetString({ valueHex: ab(input.messageImprint) }) }),
    serialNumber: new asn1js.Integer({ valueHex: bigintBytes(input.serialNumber) }),
    genTime: input.genTime,
    accuracy: new pkijs.Accuracy({ seconds: 1 }),
    ordering: false,
    ...(input.nonce ? { nonce: new asn1js.Integer({ valueHex: ab(input.nonce) }) } : {}),
  });
  const content = tstInfo.toSchema().toBER(false);
  const signedData = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: TST_INFO_OID, eContent: new asn1js.OctetString({ valueHex: content }) }),
    certificates: [certificate],
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: OIDS.contentType, values: [new asn1js.ObjectIdentifier({ value: TST_INFO_OID })] }),
            new pkijs.Attribute({ type: OIDS.signingTime, values: [new asn1js.UTCTime({ valueDate: input.genTime })] }),
            new pkijs.Attribute({ type: OIDS.messageDigest, values: [new asn1js.OctetString({ valueHex: await crypto.subtle.digest("SHA-256", content) })] }),
            await signingCertificateV2(certificate),
          ],
        }),
      }),
    ],
  });
  await signedData.sign(input.tsa.privateKey, 0, "SHA-256");
  return new Uint8Array(new pkijs.ContentInfo({ contentType: OIDS.signedData, content: signedData.toSchema(true) }).toSchema().toBER(false));
}

/** A granted TimeStampResp around a token (what a TSA answers over HTTP). */
export function timestampResponse(token: Uint8Array): Uint8Array {
  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
    timeStampToken: new pkijs.ContentInfo({ schema: asn1js.fromBER(ab(token)).result }),
  });
  return new Uint8Array(response.toSchema().toBER(false));
}

/** A TimeStampReq's imprint and nonce; only SHA-256 imprints are accepted. */
export function readTimestampRequest(der: Uint8Array): { messageImprint: Uint8Array; nonce?: Uint8Array; certReq: boolean } {
  const request = pkijs.TimeStampReq.fromBER(ab(der));
  if (request.messageImprint.hashAlgorithm.algorithmId !== OIDS.sha256) throw new Error("Only SHA-256 imprints are accepted.");
  return {
    messageImprint: new Uint8Array(request.messageImprint.hashedMessage.valueBlock.valueHexView),
    nonce: request.nonce ? new Uint8Array(request.nonce.valueBlock.valueHexView) : undefined,
    certReq: request.certReq ?? false,
  };
}

export function timestampRequest(messageImprint: Uint8Array, nonce?: Uint8Array): Uint8Array {
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({ hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OIDS.sha256 }), hashedMessage: new asn1js.OctetString({ valueHex: ab(messageImprint) }) }),
    certReq: true,
    ...(nonce ? { nonce: new asn1js.Integer({ valueHex: ab(nonce) }) } : {}),
  });
  return new Uint8Array(request.toSchema().toBER(false));
}

/** The token's time, serial and imprint, for display (constancy attributes). */
export function readTimestampToken(token: Uint8Array): { genTime: Date; serialNumber: string; messageImprint: string; hashAlgorithm: "SHA-256"; policy: string } {
  const info = pkijs.ContentInfo.fromBER(ab(token));
  const signedData = new pkijs.SignedData({ schema: info.content });
  const eContent = signedData.encapContentInfo.eContent!;
  const tst = pkijs.TSTInfo.fromBER(eContent.getValue());
  return {
    genTime: tst.genTime,
    serialNumber: Buffer.from(tst.serialNumber.valueBlock.valueHexView).toString("hex").toUpperCase().replace(/^(00)+(?=.)/, ""),
    messageImprint: Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView).toString("hex").toUpperCase(),
    hashAlgorithm: "SHA-256",
    policy: tst.policy,
  };
}

function bigintBytes(n: bigint): ArrayBuffer {
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  if (parseInt(hex.slice(0, 2), 16) & 0x80) hex = `00${hex}`; // keep the INTEGER positive
  return ab(Uint8Array.from(Buffer.from(hex, "hex")));
}
