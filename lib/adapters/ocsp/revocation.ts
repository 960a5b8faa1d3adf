import "reflect-metadata";
import nodeCrypto from "node:crypto";
import type * as x509 from "@peculiar/x509";
import type { CertificateType } from "@/lib/crypto/test-pki";
import { buildOcspRequest, crlDistributionPoints, readCrl, readOcspResponse, type RevocationStatus } from "@/lib/crypto/revocation-answers";
import { readSandboxRevocations } from "@/lib/adapters/pki/local-pki";
import { logger } from "@/lib/logger";
import { responderFor } from "./responders";

export type { RevocationStatus };

/**
 * Is a signer's certificate revoked? One interface, two clients:
 * - live: RFC 6960 OCSP over HTTP POST (application/ocsp-request) to the responder for the
 *   certificate's issuer (responders.ts: configured, else the certificate's AIA, else SAT's
 *   service for SAT's authorities); when that gives no answer and the certificate publishes a
 *   CRL distribution point, the CRL;
 * - sandbox: the same answer from the sandbox authority's own revocation list, so the whole
 *   product runs offline and `npm run cli -- test-cert:revoke` has an effect.
 * "unknown" (no responder, responder down, an answer we cannot trust) is reported, and the
 * caller decides.
 */
export interface RevocationChecker {
  check(certificate: x509.X509Certificate, issuer: x509.X509Certificate, type: CertificateType): Promise<RevocationStatus>;
}

export function sandboxRevocationChecker(sandboxDir: string): RevocationChecker {
  return {
    async check(certificate, _issuer, type) {
      const revoked = readSandboxRevocations(sandboxDir, type).find((r) => r.serial === certificate.serialNumber.toUpperCase());
      return revoked ? { status: "revoked", revokedAt: new Date(revoked.revokedAt) } : { status: "good" };
    },
  };
}

export type LiveRevocationOptions = {
  timeoutMs: number;
  /** OCSP_RESPONDERS: issuing CA (common name or SHA-256 of its certificate) → responder URL. */
  responders: Record<string, string>;
  /** Responder certificates trusted to sign answers for a type's authorities (read per check). */
  trustedResponders: (type: CertificateType) => x509.X509Certificate[];
};

export function liveRevocationChecker(options: LiveRevocationOptions): RevocationChecker {
  return {
    async check(certificate, issuer, type) {
      const now = new Date();
      const certificateDer = new Uint8Array(certificate.rawData);
      const issuerDer = new Uint8Array(issuer.rawData);
      const url = await responderFor(certificate, issuer, options.responders);
      let answer: RevocationStatus = { status: "unknown", detail: "No OCSP responder is named in the certificate or configured for its issuer." };
      if (url) {
        const nonce = new Uint8Array(nodeCrypto.randomBytes(16));
        const body = await post(url, await buildOcspRequest(certificateDer, issuerDer, nonce), "application/ocsp-request", options.timeoutMs);
        answer = body.ok ? await readOcspResponse(body.bytes, { certificateDer, issuerDer, nonce, now, trustedResponders: options.trustedResponders(type).map((c) => new Uint8Array(c.rawData)) }) : body.problem;
      }
      for (const crlUrl of answer.status === "unknown" ? crlDistributionPoints(certificateDer) : []) {
        const body = await get(crlUrl, options.timeoutMs);
        const fromCrl = body.ok ? await readCrl(body.bytes, { certificateDer, issuerDer, now }) : body.problem;
        if (fromCrl.status !== "unknown") return fromCrl;
      }
      // The issuer and responder, never the signer or the link: enough for an operator to act on.
      if (answer.status === "unknown") logger().warn({ issuer: issuer.subject, responder: url, detail: answer.detail }, "revocation could not be checked");
      return answer;
    },
  };
}

type Fetched = { ok: true; bytes: Uint8Array } | { ok: false; problem: RevocationStatus };

async function fetchBytes(url: string, init: RequestInit, timeoutMs: number, what: string): Promise<Fetched> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
    if (!res.ok) return { ok: false, problem: { status: "unknown", detail: `The ${what} answered ${res.status}.` } };
    return { ok: true, bytes: new Uint8Array(await res.arrayBuffer()) };
  } catch (err) {
    return { ok: false, problem: { status: "unknown", detail: `The ${what} did not answer: ${(err as Error).message}` } };
  }
}

const post = (url: string, body: Uint8Array, contentType: string, timeoutMs: number) =>
  fetchBytes(url, { method: "POST", headers: { "content-type": contentType, accept: "application/ocsp-response" }, body: new Uint8Array(body) }, timeoutMs, "OCSP responder");
const get = (url: string, timeoutMs: number) => fetchBytes(url, { method: "GET" }, timeoutMs, "CRL server");
