import nodeCrypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
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

/**
 * SAT's published test e.firma / CSD sets (password 12345678a), read where they are kept beside
 * the project, never copied into it (../shared/realworld/sat/README.md describes each).
 */
export const SAT_TEST_SETS = path.resolve(process.cwd(), "../shared/realworld/sat");

/** A signer with one of SAT's test sets: the .cer as is, the .key opened with node:crypto as the browser would open it. */
export async function satSigner(folder: string, password = "12345678a") {
  const dir = path.join(SAT_TEST_SETS, folder);
  const certificateDer = new Uint8Array(fs.readFileSync(path.join(dir, "certificate.cer")));
  const key = nodeCrypto.createPrivateKey({ key: fs.readFileSync(path.join(dir, "private_key.key")), format: "der", type: "pkcs8", passphrase: password });
  const privateKey = await crypto.subtle.importKey("pkcs8", key.export({ type: "pkcs8", format: "der" }), { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["sign"]);
  const certificate = new x509.X509Certificate(certificateDer as BufferSource);
  return { type: "EFIRMA" as CertificateType, certificate, keys: { privateKey }, certificateDer };
}

/** Trusts SAT's test authorities (ca/*.pem: the 2022 chain and the older ones) for EFIRMA, next to the sandbox's. */
export async function trustSatTestAuthorities(): Promise<void> {
  await signingEnvironment(); // the trust folders are made on first use; they are read on every signature
  const ca = path.join(SAT_TEST_SETS, "ca");
  for (const file of fs.readdirSync(ca)) fs.copyFileSync(path.join(ca, file), path.join(env().TRUSTED_CA_DIR, "EFIRMA", `sat-test-${file}`));
}

type Signer = { type: CertificateType; certificateDer: Uint8Array; keys: { privateKey: CryptoKey } };

/** The body of POST /v1/signatures/{id}/sign, as the signing page's browser code makes it. */
export async function signBodyFor(signer: Signer, originalHashHex: string, overrides: { privateKey?: CryptoKey } = {}) {
  const cms = await createDetachedCms({ certificateDer: signer.certificateDer, privateKey: overrides.privateKey ?? signer.keys.privateKey, documentHash: new Uint8Array(Buffer.from(originalHashHex, "hex")) });
  return { type: signer.type, certificate: Buffer.from(signer.certificateDer).toString("base64"), signature: Buffer.from(cms).toString("base64") };
}
