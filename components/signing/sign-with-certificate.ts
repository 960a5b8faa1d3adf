import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { createDetachedCms } from "@/lib/crypto/cms-signature";
import { decryptSatKey, NotAKeyFileError, WrongKeyPasswordError } from "@/lib/crypto/sat-key";
import { base64, hexBytes } from "./bytes";

/**
 * The signing step in the signer's browser: open the .key with the password, check it belongs to
 * the .cer and that the certificate is valid today, then sign the document's original hash as a
 * CMS detached signature. Only the certificate and the signature leave this module; the key never
 * does. Loaded with import() when the person signs (forge + pkijs are ~170 KB gzipped).
 */

export type CertificateProblemCode = "notACertificate" | "expired" | "notYetValid" | "notAKey" | "wrongPassword" | "unsupportedKey" | "keyMismatch" | "insecure";

/** A problem the person can fix, tied to the field where they fix it. */
export class CertificateProblem extends Error {
  constructor(
    readonly field: "certificate" | "key" | "password" | "form",
    readonly code: CertificateProblemCode,
    readonly date?: Date,
  ) {
    super(code);
    this.name = "CertificateProblem";
  }
}

export type SigningStep = "decrypting" | "signing";

const RSA = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;
const ab = (bytes: Uint8Array): ArrayBuffer => new Uint8Array(bytes).buffer as ArrayBuffer;

export async function signWithCertificate(input: {
  certificate: Uint8Array;
  key: Uint8Array;
  password: string;
  /** The document's original_hash: SHA-256 of the PDF, hex. */
  originalHash: string;
  onStep?: (step: SigningStep) => void | Promise<void>;
  now?: Date;
}): Promise<{ certificate: string; signature: string }> {
  // WebCrypto exists only on https (and localhost): say so rather than fail obscurely.
  if (!globalThis.crypto?.subtle) throw new CertificateProblem("form", "insecure");
  const certificateDer = certificateBytes(input.certificate);
  const certificate = parseCertificate(certificateDer);
  const now = input.now ?? new Date();
  if (certificate.notAfter.value < now) throw new CertificateProblem("certificate", "expired", certificate.notAfter.value);
  if (certificate.notBefore.value > now) throw new CertificateProblem("certificate", "notYetValid", certificate.notBefore.value);

  // Awaited: decryption is synchronous (forge) and holds the main thread, so the page gets the
  // chance to show the step first.
  await input.onStep?.("decrypting");
  const privateKey = await openKey(input.key, input.password);

  await input.onStep?.("signing");
  await assertKeyMatches(privateKey, certificate);
  const cms = await createDetachedCms({ certificateDer, privateKey, documentHash: hexBytes(input.originalHash) });
  return { certificate: base64(certificateDer), signature: base64(cms) };
}

/** SAT hands out DER; a PEM copy (as some tools export) is accepted too. */
function certificateBytes(file: Uint8Array): Uint8Array {
  const head = new TextDecoder().decode(file.subarray(0, 40));
  if (!head.includes("-----BEGIN")) return file;
  const body = new TextDecoder().decode(file).replace(/-----[^-]+-----/g, "").replace(/\s/g, "");
  try {
    return Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  } catch {
    throw new CertificateProblem("certificate", "notACertificate");
  }
}

function parseCertificate(der: Uint8Array): pkijs.Certificate {
  try {
    return pkijs.Certificate.fromBER(ab(der));
  } catch {
    throw new CertificateProblem("certificate", "notACertificate");
  }
}

/**
 * EncryptedPrivateKeyInfo is SEQUENCE { algorithm SEQUENCE, encryptedData OCTET STRING }. Checked
 * first because any other DER (the .cer picked twice, say) would otherwise read as a wrong password.
 */
function looksLikeEncryptedKey(bytes: Uint8Array): boolean {
  const parsed = asn1js.fromBER(ab(bytes));
  if (parsed.offset === -1 || !(parsed.result instanceof asn1js.Sequence)) return false;
  const [algorithm, data, ...rest] = parsed.result.valueBlock.value;
  return algorithm instanceof asn1js.Sequence && data instanceof asn1js.OctetString && rest.length === 0;
}

async function openKey(keyFile: Uint8Array, password: string): Promise<CryptoKey> {
  if (!looksLikeEncryptedKey(keyFile)) throw new CertificateProblem("key", "notAKey");
  let pkcs8: Uint8Array;
  try {
    pkcs8 = decryptSatKey(keyFile, password);
  } catch (err) {
    if (err instanceof WrongKeyPasswordError) throw new CertificateProblem("password", "wrongPassword");
    if (err instanceof NotAKeyFileError) throw new CertificateProblem("key", "notAKey");
    throw err;
  }
  try {
    return await crypto.subtle.importKey("pkcs8", ab(pkcs8), RSA, false, ["sign"]);
  } catch {
    throw new CertificateProblem("key", "unsupportedKey");
  } finally {
    // The key is non-extractable from here on; do not leave its plain bytes lying in memory.
    pkcs8.fill(0);
  }
}

/** Sign a random probe and verify it with the certificate's public key: the pair must match. */
async function assertKeyMatches(privateKey: CryptoKey, certificate: pkijs.Certificate): Promise<void> {
  let publicKey: CryptoKey;
  try {
    publicKey = await crypto.subtle.importKey("spki", certificate.subjectPublicKeyInfo.toSchema().toBER(false), RSA, false, ["verify"]);
  } catch {
    throw new CertificateProblem("key", "keyMismatch");
  }
  const probe = crypto.getRandomValues(new Uint8Array(32));
  const signature = await crypto.subtle.sign(RSA.name, privateKey, probe);
  if (!(await crypto.subtle.verify(RSA.name, publicKey, signature, probe))) throw new CertificateProblem("key", "keyMismatch");
}
