import * as pkijs from "pkijs";
import { binaryKey } from "./certificate-fields";

/**
 * Certificates parsed once per process: every seal puts the same few (the seal's, the TSA's,
 * their chain) into a CMS, three time stamps, three OCSP answers and two CRLs, and pkijs's schema
 * matching costs milliseconds per certificate, more than the rest of those structures. Callers
 * treat the result as read-only (pkijs re-encodes a parsed certificate from its own bytes).
 * Browser-safe: no Buffer.
 */
const parsed = new Map<string, pkijs.Certificate>();
const LIMIT = 256; // an external TSA or a signer's certificates come and go: a bounded memory

export function parsedCertificate(der: Uint8Array | ArrayBuffer): pkijs.Certificate {
  const bytes = der instanceof Uint8Array ? der : new Uint8Array(der);
  const key = binaryKey(bytes);
  let certificate = parsed.get(key);
  if (!certificate) {
    if (parsed.size >= LIMIT) parsed.clear();
    // A copy: pkijs keeps views into the buffer it parsed, which the caller may reuse.
    certificate = pkijs.Certificate.fromBER(new Uint8Array(bytes).buffer as ArrayBuffer);
    parsed.set(key, certificate);
  }
  return certificate;
}
