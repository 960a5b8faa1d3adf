import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type * as x509 from "@peculiar/x509";
import { writeAuthority } from "@/lib/adapters/pki/authority-files";

/**
 * A .p12 made the way an operator makes one, with `openssl pkcs12 -export`: the key and
 * certificate of `identity` plus `chain` (PEM files written beside it first). `extra` passes
 * options such as `-legacy` or `-nokeys`.
 */
export async function writePkcs12(dir: string, name: string, identity: { certificate: x509.X509Certificate; keys: CryptoKeyPair }, chain: x509.X509Certificate[], password: string, extra: string[] = []): Promise<string> {
  await writeAuthority(dir, name, identity);
  const chainFile = path.join(dir, `${name}-chain.pem`);
  fs.writeFileSync(chainFile, chain.map((c) => `${c.toString("pem")}\n`).join(""));
  const out = path.join(dir, `${name}.p12`);
  const args = ["pkcs12", "-export", "-inkey", path.join(dir, `${name}.key.pem`), "-in", path.join(dir, `${name}.pem`), "-passout", "env:P12_PASSWORD", "-out", out, ...extra];
  if (chain.length) args.push("-certfile", chainFile);
  execFileSync("openssl", args, { env: { ...process.env, P12_PASSWORD: password }, stdio: ["ignore", "pipe", "pipe"] });
  return out;
}
