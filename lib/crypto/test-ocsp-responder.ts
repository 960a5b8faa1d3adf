import "reflect-metadata";
import * as pkijs from "pkijs";
import type * as x509 from "@peculiar/x509";
import { signOcspAnswer, type OcspStatus } from "./ocsp-answer";
import { OCSP_NONCE } from "./revocation-answers";

/**
 * An OCSP responder's answers (RFC 6960), for tests and local development: what SAT's responder
 * does for its certificates, signed with a responder certificate we make. The answer is written
 * by ocsp-answer.ts, which also makes the platform's own answers stored in sealed PDFs
 * (validation-data.ts). Pure: request bytes in, response bytes out; the caller serves them over HTTP.
 */
export type TestOcspStatus = OcspStatus;

export async function answerOcspRequest(
  requestDer: Uint8Array,
  responder: { certificate: x509.X509Certificate; privateKey: CryptoKey },
  statusOf: (serialHex: string) => TestOcspStatus,
  options: { now?: Date; echoNonce?: boolean; validityMs?: number } = {},
): Promise<Uint8Array> {
  const request = pkijs.OCSPRequest.fromBER(new Uint8Array(requestDer).buffer as ArrayBuffer);
  const responses = request.tbsRequest.requestList.map(({ reqCert }) => ({
    certId: new Uint8Array(reqCert.toSchema().toBER(false)),
    status: statusOf(Buffer.from(reqCert.serialNumber.valueBlock.valueHexView).toString("hex").toUpperCase()),
  }));
  const nonce = request.tbsRequest.requestExtensions?.find((e) => e.extnID === OCSP_NONCE);
  return signOcspAnswer({
    responses,
    responder: { certificateDer: new Uint8Array(responder.certificate.rawData), privateKey: responder.privateKey },
    now: options.now ?? new Date(),
    validityMs: options.validityMs ?? 3600_000,
    responseExtensions: nonce && options.echoNonce !== false ? [new Uint8Array(nonce.toSchema().toBER(false))] : [],
  });
}
