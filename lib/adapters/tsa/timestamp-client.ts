import crypto from "node:crypto";
import fs from "node:fs";
import type * as x509 from "@peculiar/x509";
import * as pkijs from "pkijs";
import { parsePemBundle } from "@/lib/crypto/certificate-trust";
import { checkTimestamp } from "@/lib/crypto/timestamp-check";
import { createTimestampToken, timestampRequest, type TsaIdentity } from "@/lib/crypto/timestamp-token";
import { NOM151_ROOTS } from "./nom151-roots";

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

/**
 * An external TSA or NOM-151 PSC (TSA_URL). Its answer is checked before anything is kept
 * (lib/crypto/timestamp-check.ts): granted, over our imprint, signed by the certificate it names,
 * chained at genTime to one of `roots` (TSA_ROOTS, by default ACR2-SE: nom151-roots.ts), the nonce
 * equal when echoed. No timeStamping extended key usage is required: accredited PSCs issue without
 * it (shared/realworld/nom151). The PSC's certificate is asked for (certReq) so the token carries it.
 */
export function remoteTimestampClient(url: string, timeoutMs: number, roots: x509.X509Certificate[]): TimestampClient {
  return {
    authority: new URL(url).host,
    async stamp(imprint) {
      const nonce = crypto.randomBytes(8);
      nonce[0]! &= 0x7f;
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/timestamp-query" }, body: Buffer.from(timestampRequest(imprint, nonce)), signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`The TSA answered ${res.status}`);
      const answer = new Uint8Array(await readBounded(res, MAX_ANSWER_BYTES));
      const check = await checkTimestamp({ der: answer, imprint, roots, nonce });
      if (!check.valid) throw new Error(`The TSA's answer was not kept: ${check.problems.join(", ")}`);
      const response = pkijs.TimeStampResp.fromBER(answer.buffer.slice(answer.byteOffset, answer.byteOffset + answer.byteLength) as ArrayBuffer);
      return new Uint8Array(response.timeStampToken!.toSchema().toBER(false));
    },
  };
}

/** A time stamp with its certificates is a few KB; more is not an answer to keep reading. */
const MAX_ANSWER_BYTES = 256 * 1024;

async function readBounded(res: Response, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = res.body?.getReader();
  for (let part = await reader?.read(); reader && part && !part.done; part = await reader.read()) {
    total += part.value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new Error(`The TSA's answer is larger than ${limit} bytes`);
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks);
}

/** TSA_ROOTS (a PEM file) or, by default, the NOM-151 roots shipped with the project. */
export function timestampRoots(pemFile: string | undefined): x509.X509Certificate[] {
  return parsePemBundle(pemFile ? fs.readFileSync(pemFile, "utf8") : NOM151_ROOTS);
}
