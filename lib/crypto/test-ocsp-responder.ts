import "reflect-metadata";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import type * as x509 from "@peculiar/x509";
import { parsedCertificate } from "./parsed-certificate";
import { OCSP_NONCE } from "./revocation-answers";

/**
 * An OCSP responder's answers (RFC 6960), for tests and local development: what SAT's responder
 * does for its certificates, signed with a responder certificate we make. Also the platform's own
 * answers for its seal and TSA certificates, stored in sealed PDFs (validation-data.ts). Pure: request bytes
 * in, response bytes out; the caller serves them over HTTP.
 */
export type TestOcspStatus = "good" | "revoked" | "unknown";

export async function answerOcspRequest(
  requestDer: Uint8Array,
  responder: { certificate: x509.X509Certificate; privateKey: CryptoKey },
  statusOf: (serialHex: string) => TestOcspStatus,
  options: { now?: Date; echoNonce?: boolean; validityMs?: number } = {},
): Promise<Uint8Array> {
  const now = options.now ?? new Date();
  const request = pkijs.OCSPRequest.fromBER(new Uint8Array(requestDer).buffer as ArrayBuffer);
  const signer = parsedCertificate(responder.certificate.rawData);
  const basic = new pkijs.BasicOCSPResponse();
  basic.tbsResponseData.responderID = signer.subject;
  basic.tbsResponseData.producedAt = now;
  for (const { reqCert } of request.tbsRequest.requestList) {
    const serial = Buffer.from(reqCert.serialNumber.valueBlock.valueHexView).toString("hex").toUpperCase();
    const status = statusOf(serial);
    basic.tbsResponseData.responses.push(
      new pkijs.SingleResponse({
        certID: reqCert,
        certStatus:
          status === "revoked"
            ? new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 1 }, value: [new asn1js.GeneralizedTime({ valueDate: new Date(now.getTime() - 864e5) })] })
            : new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: status === "good" ? 0 : 2 } }),
        thisUpdate: now,
        nextUpdate: new Date(now.getTime() + (options.validityMs ?? 3600_000)),
      }),
    );
  }
  const nonce = request.tbsRequest.requestExtensions?.find((e) => e.extnID === OCSP_NONCE);
  if (nonce && options.echoNonce !== false) basic.tbsResponseData.responseExtensions = [nonce];
  basic.certs = [signer];
  await basic.sign(responder.privateKey, "SHA-256");
  const response = new pkijs.OCSPResponse();
  response.responseStatus.valueBlock.valueDec = 0;
  response.responseBytes = new pkijs.ResponseBytes({ responseType: "1.3.6.1.5.5.7.48.1.1", response: new asn1js.OctetString({ valueHex: basic.toSchema().toBER(false) }) });
  return new Uint8Array(response.toSchema().toBER(false));
}
