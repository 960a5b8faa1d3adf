import nodeCrypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { loadSandboxAuthority, writeSandboxRevocation } from "@/lib/adapters/pki/local-pki";
import { certificateIdentity } from "@/lib/crypto/certificate-identity";
import { issueSignerCertificate, type CertificateType } from "@/lib/crypto/test-pki";
import { env } from "@/lib/env";
import { signingEnvironment } from "./signing-environment";

/**
 * Sandbox signer certificates for development and tests: a `.cer` (DER) and a `.key` as SAT
 * issues them (PKCS#8 EncryptedPrivateKeyInfo, DER, PBES2 with 3DES), from the sandbox
 * authority of the type, which this installation trusts.
 */
export async function createTestCertificate(input: { type: CertificateType; name: string; rfc: string; curp: string; password: string; outDir: string; email?: string }) {
  await signingEnvironment();
  const authority = await loadSandboxAuthority(env().SANDBOX_CA_DIR, input.type);
  const number = `0000${Date.now()}${nodeCrypto.randomInt(100, 999)}`.slice(-20);
  const { certificate, keys } = await issueSignerCertificate(authority, {
    name: input.name.toUpperCase(),
    rfc: input.rfc.toUpperCase(),
    curp: input.curp.toUpperCase(),
    email: input.email,
    certificateNumber: number,
    ocspUrl: `${env().APP_URL}/ocsp/${input.type}`,
  });
  const key = nodeCrypto.KeyObject.from(keys.privateKey).export({ type: "pkcs8", format: "der", cipher: "des-ede3-cbc", passphrase: input.password });
  fs.mkdirSync(input.outDir, { recursive: true });
  const base = path.join(input.outDir, `${input.rfc.toUpperCase()}_${input.type}`);
  fs.writeFileSync(`${base}.cer`, Buffer.from(certificate.rawData));
  fs.writeFileSync(`${base}.key`, key, { mode: 0o600 });
  return { cer: `${base}.cer`, key: `${base}.key`, certificateNumber: number, serialHex: certificate.serialNumber };
}

/** Revokes a sandbox certificate: the sandbox OCSP answers "revoked" from now on. */
export function revokeTestCertificate(cerFile: string): { type: CertificateType; certificateNumber: string } {
  const der = new Uint8Array(fs.readFileSync(cerFile));
  const certificate = new x509.X509Certificate(der as BufferSource);
  const identity = certificateIdentity(der);
  const types: CertificateType[] = ["EFIRMA", "FIREL", "TEPJF"];
  const type = types.find((t) => fs.existsSync(path.join(env().SANDBOX_CA_DIR, t, "issuing.pem")) && new x509.X509Certificate(fs.readFileSync(path.join(env().SANDBOX_CA_DIR, t, "issuing.pem"), "utf8")).subject === certificate.issuer);
  if (!type) throw new Error("This certificate was not issued by a sandbox authority of this installation.");
  writeSandboxRevocation(env().SANDBOX_CA_DIR, type, certificate.serialNumber);
  return { type, certificateNumber: identity.certificateNumber };
}
