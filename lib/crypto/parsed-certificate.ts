import * as pkijs from "pkijs";
import { byContent } from "./by-content";

/**
 * Certificates parsed once per process: the same few (the platform's authorities, SAT's, a
 * signer's) are read again and again to check issuers and revocation answers, and pkijs's schema
 * matching costs milliseconds per certificate. Callers treat the result as read-only. pkijs keeps
 * views into the buffer it parsed: it gets by-content's own copy, and a bounded memory, since an
 * external TSA's or signers' certificates come and go. Browser-safe: no Buffer.
 */
const parsed = byContent(256, (bytes) => pkijs.Certificate.fromBER(bytes.buffer as ArrayBuffer));

export function parsedCertificate(der: Uint8Array | ArrayBuffer): pkijs.Certificate {
  return parsed(der instanceof Uint8Array ? der : new Uint8Array(der));
}
