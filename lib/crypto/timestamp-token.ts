import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import * as der from "./der";
import { attribute, OIDS, signAttributes, signedDataContentInfo, signingCertificateV2 } from "./signed-data";

/**
 * RFC 3161 time-stamp tokens: SignedData over a TSTInfo (eContentType id-ct-TSTInfo) signed by a
 * TSA whose certificate has the critical timeStamping EKU, with signing-certificate-v2 (openssl
 * ts -verify requires it). Used by the built-in TSA, for signers' timestamps, the seal's PAdES-T
 * timestamp and the constancy. Written as DER directly (signed-data.ts); read with pkijs. Pure (WebCrypto).
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
  // TSTInfo (RFC 3161 §2.4.2); ordering FALSE written out, as the token always had it.
  const tstInfo = der.sequence(
    der.integer(1),
    der.objectIdentifier(input.policy ?? DEFAULT_TSA_POLICY),
    der.sequence(der.sequence(der.objectIdentifier(OIDS.sha256)), der.octetString(input.messageImprint)),
    der.integer(input.serialNumber),
    der.generalizedTime(input.genTime),
    der.sequence(der.integer(1)), // accuracy: one second
    der.boolean(false),
    // The request's nonce INTEGER echoed byte for byte (RFC 3161 §2.4.2: the same value).
    ...(input.nonce ? [der.tlv(0x02, input.nonce)] : []),
  );
  const signedAttributes = [
    attribute(OIDS.contentType, der.objectIdentifier(TST_INFO_OID)),
    attribute(OIDS.signingTime, der.utcTime(input.genTime)),
    attribute(OIDS.messageDigest, der.octetString(new Uint8Array(await crypto.subtle.digest("SHA-256", tstInfo as Uint8Array<ArrayBuffer>)))),
    await signingCertificateV2(input.tsa.certificateDer),
  ];
  return signedDataContentInfo({
    version: 3,
    // eContent as a constructed OCTET STRING around the TSTInfo, as the token always had it.
    encapsulated: der.sequence(der.objectIdentifier(TST_INFO_OID), der.contextConstructed(0, der.tlv(0x24, der.octetString(tstInfo)))),
    certificates: [input.tsa.certificateDer],
    signerCertificate: input.tsa.certificateDer,
    signedAttributes,
    signature: await signAttributes(signedAttributes, input.tsa.privateKey),
  });
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

/** A DER INTEGER's content as the signed number it is (two's complement), in hex with its sign. */
export function signedIntegerHex(content: Uint8Array): string {
  if (content.length === 0) return "0";
  let value = BigInt(`0x${Buffer.from(content).toString("hex")}`);
  if (content[0]! & 0x80) value -= 1n << BigInt(content.length * 8);
  // Whole bytes of the magnitude, so the hex of a positive serial is its DER contents' bytes.
  const magnitude = (value < 0n ? -value : value).toString(16).toUpperCase();
  return `${value < 0n ? "-" : ""}${magnitude.length % 2 ? "0" : ""}${magnitude}`;
}

/** The token's time, serial and imprint, for display (constancy attributes). */
export function readTimestampToken(token: Uint8Array): { genTime: Date; serialNumber: string; messageImprint: string; hashAlgorithm: "SHA-256"; policy: string } {
  const info = pkijs.ContentInfo.fromBER(ab(token));
  const signedData = new pkijs.SignedData({ schema: info.content });
  const eContent = signedData.encapContentInfo.eContent!;
  const tst = pkijs.TSTInfo.fromBER(eContent.getValue());
  return {
    genTime: tst.genTime,
    // Signed: real PSCs issue negative serials (shared/realworld/nom151: -35CEE4).
    serialNumber: signedIntegerHex(new Uint8Array(tst.serialNumber.valueBlock.valueHexView)),
    messageImprint: Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView).toString("hex").toUpperCase(),
    hashAlgorithm: "SHA-256",
    policy: tst.policy,
  };
}
