import { apiRequest } from "@/components/api-request";
import { createCertificateRequest, generateSignerKeys } from "@/lib/crypto/certificate-request";
import { createDetachedCms } from "@/lib/crypto/cms-signature";
import { base64, hexBytes } from "./bytes";

/**
 * RUBRICA's signing step in the signer's browser, once their identity is verified: a new RSA key
 * that cannot be exported, certified by the platform for the verified name and CURP (a PKCS#10
 * request proves the key is here), then the same CMS detached signature as with e.firma over the
 * document's original hash. The key lives only in this page's memory: a reload makes a new one.
 * Loaded with import() when the person signs.
 */
export type IdentitySigningStep = "certifying" | "signing";

/** WebCrypto exists only on https (and localhost). */
export class InsecureContextError extends Error {}

export async function signWithVerifiedIdentity(input: {
  signatureId: string;
  /** The document's original_hash: SHA-256 of the PDF, hex. */
  originalHash: string;
  onStep?: (step: IdentitySigningStep) => void | Promise<void>;
}): Promise<{ certificate: string; signature: string }> {
  if (!globalThis.crypto?.subtle) throw new InsecureContextError();
  await input.onStep?.("certifying");
  const keys = await generateSignerKeys();
  const request = await createCertificateRequest(keys, "RUBRICA");
  const issued = await apiRequest<{ data: { certificate: string } }>(`/v1/signatures/${input.signatureId}/identity/certificate`, {
    method: "POST",
    body: { csr: base64(request) },
  });
  await input.onStep?.("signing");
  const certificateDer = Uint8Array.from(atob(issued.data.certificate), (c) => c.charCodeAt(0));
  const cms = await createDetachedCms({ certificateDer, privateKey: keys.privateKey, documentHash: hexBytes(input.originalHash) });
  return { certificate: issued.data.certificate, signature: base64(cms) };
}
