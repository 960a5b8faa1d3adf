import crypto from "node:crypto";
import { createTimestampToken, readTimestampToken, timestampRequest, type TsaIdentity } from "@/lib/crypto/timestamp-token";
import * as pkijs from "pkijs";

/**
 * RFC 3161 time stamps for signatures, the seal and the constancy. Built in by default (the
 * platform's TSA certificate, critical timeStamping EKU); with TSA_URL an external TSA/PSC is
 * asked over HTTP (application/timestamp-query) instead.
 */
export interface TimestampClient {
  /** A TimeStampToken (CMS ContentInfo, DER) over a SHA-256 imprint. */
  stamp(imprint: Uint8Array): Promise<Uint8Array>;
  readonly authority: string;
}

export function builtInTimestampClient(tsa: TsaIdentity, authority: string): TimestampClient {
  return {
    authority,
    async stamp(imprint) {
      // 64 random bits: serials must be unique per TSA without a shared counter between processes.
      const serialNumber = BigInt(`0x${crypto.randomBytes(8).toString("hex")}`);
      return createTimestampToken({ tsa, messageImprint: imprint, serialNumber, genTime: new Date() });
    },
  };
}

export function remoteTimestampClient(url: string, timeoutMs: number): TimestampClient {
  return {
    authority: new URL(url).host,
    async stamp(imprint) {
      const nonce = crypto.randomBytes(8);
      nonce[0]! &= 0x7f;
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/timestamp-query" }, body: Buffer.from(timestampRequest(imprint, nonce)), signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`The TSA answered ${res.status}`);
      const response = pkijs.TimeStampResp.fromBER(await res.arrayBuffer());
      if (response.status.status !== pkijs.PKIStatus.granted && response.status.status !== pkijs.PKIStatus.grantedWithMods) throw new Error("The TSA refused the request");
      const token = new Uint8Array(response.timeStampToken!.toSchema().toBER(false));
      if (readTimestampToken(token).messageImprint !== Buffer.from(imprint).toString("hex").toUpperCase()) throw new Error("The TSA stamped another imprint");
      return token;
    },
  };
}

