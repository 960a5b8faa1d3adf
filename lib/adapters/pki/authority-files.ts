import "reflect-metadata";
import fs from "node:fs";
import path from "node:path";
import * as x509 from "@peculiar/x509";
import { SIGNATURE_ALGORITHM } from "@/lib/crypto/test-pki";

/** A certificate and its private key kept as `<name>.pem` and `<name>.key.pem` (0600) in a folder. */
export type LoadedAuthority = { certificate: x509.X509Certificate; privateKey: CryptoKey; keys: CryptoKeyPair };

export async function writeAuthority(dir: string, name: string, authority: { certificate: x509.X509Certificate; keys: CryptoKeyPair }): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.pem`), `${authority.certificate.toString("pem")}\n`);
  const pkcs8 = Buffer.from(await crypto.subtle.exportKey("pkcs8", authority.keys.privateKey));
  const pem = `-----BEGIN PRIVATE KEY-----\n${pkcs8.toString("base64").replace(/.{64}/g, "$&\n")}\n-----END PRIVATE KEY-----\n`.replace(/\n\n/g, "\n");
  fs.writeFileSync(path.join(dir, `${name}.key.pem`), pem, { mode: 0o600 });
}

export async function readAuthority(dir: string, name: string): Promise<LoadedAuthority | null> {
  const certFile = path.join(dir, `${name}.pem`);
  const keyFile = path.join(dir, `${name}.key.pem`);
  if (!fs.existsSync(certFile) || !fs.existsSync(keyFile)) return null;
  const certificate = new x509.X509Certificate(fs.readFileSync(certFile, "utf8"));
  const der = Buffer.from(fs.readFileSync(keyFile, "utf8").replace(/-----[^-]+-----|\s/g, ""), "base64");
  const privateKey = await crypto.subtle.importKey("pkcs8", der, SIGNATURE_ALGORITHM, true, ["sign"]);
  const publicKey = await certificate.publicKey.export(SIGNATURE_ALGORITHM, ["verify"]);
  return { certificate, privateKey, keys: { privateKey, publicKey } };
}

/**
 * Creates a folder's files once, even with several processes starting together: each builds
 * in a temporary sibling and renames it into place; the loser's rename fails and it keeps the
 * winner's files.
 */
export async function createOnce(dir: string, build: (tmp: string) => Promise<void>): Promise<void> {
  if (fs.existsSync(dir)) return;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const tmp = `${dir}.${process.pid}.${Date.now()}.tmp`;
  await build(tmp);
  try {
    fs.renameSync(tmp, dir);
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true });
    if (!fs.existsSync(dir)) throw err;
  }
}
