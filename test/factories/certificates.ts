import { createDetachedCms } from "@/lib/crypto/cms-signature";
import { issueSignerCertificate, type CertificateType } from "@/lib/crypto/test-pki";
import { loadSandboxAuthority } from "@/lib/adapters/pki/local-pki";
import { env } from "@/lib/env";
import { signingEnvironment } from "@/lib/services/signing/signing-environment";

let counter = 0;

/** A signer certificate from this test file's sandbox authority (as `test-cert:create` makes them). */
export async function testSigner(overrides: { type?: CertificateType; name?: string; rfc?: string; curp?: string; notAfter?: Date; notBefore?: Date } = {}) {
  await signingEnvironment(); // makes the local PKI on first use
  const type = overrides.type ?? "EFIRMA";
  const authority = await loadSandboxAuthority(env().SANDBOX_CA_DIR, type);
  const number = String(Date.now() % 1e10).padStart(10, "0") + String(++counter).padStart(10, "0");
  const { certificate, keys } = await issueSignerCertificate(authority, {
    name: overrides.name ?? "BEGOÑA NÚÑEZ PEÑA",
    rfc: overrides.rfc ?? "GODE561231GR8",
    curp: overrides.curp ?? "BOXW310820HNERXN09",
    certificateNumber: number,
    notAfter: overrides.notAfter,
    notBefore: overrides.notBefore,
  });
  return { type, certificate, keys, certificateDer: new Uint8Array(certificate.rawData), certificateNumber: number };
}

/** The body of POST /v1/signatures/{id}/sign, as the signing page's browser code makes it. */
export async function signBodyFor(signer: Awaited<ReturnType<typeof testSigner>>, originalHashHex: string, overrides: { privateKey?: CryptoKey } = {}) {
  const cms = await createDetachedCms({ certificateDer: signer.certificateDer, privateKey: overrides.privateKey ?? signer.keys.privateKey, documentHash: new Uint8Array(Buffer.from(originalHashHex, "hex")) });
  return { type: signer.type, certificate: Buffer.from(signer.certificateDer).toString("base64"), signature: Buffer.from(cms).toString("base64") };
}
