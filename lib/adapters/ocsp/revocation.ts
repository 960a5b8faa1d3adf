import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import * as pkijs from "pkijs";
import type { CertificateType } from "@/lib/crypto/test-pki";
import { readSandboxRevocations } from "@/lib/adapters/pki/local-pki";

/**
 * Is a signer's certificate revoked? One interface, two clients:
 * - live: an OCSP request to the responder named in the certificate's Authority Information
 *   Access, answer checked for this certificate (SHA-256 CertID, falling back to SHA-1);
 * - sandbox: the same answer from the sandbox authority's own revocation list, so the whole
 *   product runs offline and `npm run cli -- test-cert:revoke` has an effect.
 * "unknown" (no responder, responder down) is reported, and the caller decides.
 */
export type RevocationStatus = { status: "good" } | { status: "revoked"; revokedAt: Date | null } | { status: "unknown"; detail: string };

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

export function liveRevocationChecker(options: { timeoutMs: number }): RevocationChecker {
  return {
    async check(certificate, issuer) {
      const aia = certificate.getExtension(x509.AuthorityInfoAccessExtension);
      const url = aia?.ocsp.find((n) => n.type === "url")?.value;
      if (!url) return { status: "unknown", detail: "The certificate names no OCSP responder." };
      const cert = pkijs.Certificate.fromBER(certificate.rawData);
      const issuerCert = pkijs.Certificate.fromBER(issuer.rawData);
      const request = new pkijs.OCSPRequest();
      await request.createForCertificate(cert, { hashAlgorithm: "SHA-1", issuerCertificate: issuerCert });
      let body: ArrayBuffer;
      try {
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/ocsp-request", accept: "application/ocsp-response" },
          body: request.toSchema(true).toBER(false),
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: "error",
        });
        if (!res.ok) return { status: "unknown", detail: `The OCSP responder answered ${res.status}.` };
        body = await res.arrayBuffer();
      } catch (err) {
        return { status: "unknown", detail: `The OCSP responder did not answer: ${(err as Error).message}` };
      }
      try {
        const response = pkijs.OCSPResponse.fromBER(body);
        if (!response.responseBytes) return { status: "unknown", detail: "The OCSP responder refused the request." };
        // The answer must be signed by the issuer (or a responder it delegated to).
        const basic = pkijs.BasicOCSPResponse.fromBER(response.responseBytes.response.valueBlock.valueHexView.slice().buffer);
        if (!(await basic.verify({ trustedCerts: [issuerCert] }))) return { status: "unknown", detail: "The OCSP answer is not signed by the issuer." };
        const result = await response.getCertificateStatus(cert, issuerCert);
        if (!result.isForCertificate) return { status: "unknown", detail: "The OCSP answer is about another certificate." };
        if (result.status === 0) return { status: "good" };
        if (result.status === 1) return { status: "revoked", revokedAt: null };
        return { status: "unknown", detail: "The OCSP responder does not know the certificate." };
      } catch {
        return { status: "unknown", detail: "The OCSP answer could not be read." };
      }
    },
  };
}
