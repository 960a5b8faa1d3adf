import "reflect-metadata";
import fs from "node:fs";
import path from "node:path";
import * as x509 from "@peculiar/x509";
import { parsePemBundle } from "@/lib/crypto/certificate-trust";
import { Pkcs12Error, readPkcs12Identity } from "@/lib/crypto/pkcs12-identity";
import { createHierarchy, IDENTITY_CA_SUBJECT, issueIssuingAuthority, issueSignerCertificate, issueTsaCertificate, type CertificateType } from "@/lib/crypto/test-pki";
import { createOnce, readAuthority, writeAuthority, type LoadedAuthority } from "./authority-files";

export const CERTIFICATE_TYPES: CertificateType[] = ["EFIRMA", "FIREL", "TEPJF"];

/**
 * The certificates Rúbrica keeps on disk:
 * - `keysDir`: the platform root, the document seal certificate and the built-in TSA, made on
 *   first run (production may put its own files there); `keysDir/identity`: the CA that certifies
 *   RUBRICA signers' keys, made under the platform root on the first run that lacks it;
 * - `sandboxDir/<TYPE>`: test authorities shaped like SAT, FIREL and TEPJF, made on first run,
 *   and their revocation list (revoked.json) that the sandbox OCSP answers from;
 * - `trustDir/<TYPE>/*.pem`: what is trusted for each signature type. Filled with the sandbox
 *   authorities only when the folder does not exist; production puts the real roots there.
 */
export type PkiFolders = { keysDir: string; sandboxDir: string; trustDir: string };

export async function ensureLocalPki(folders: PkiFolders): Promise<void> {
  await createOnce(folders.keysDir, async (tmp) => {
    const platform = await createHierarchy("PLATFORM");
    await writeAuthority(tmp, "root", platform.root);
    await writeAuthority(tmp, "issuing", platform.issuing);
    const seal = await issueSignerCertificate(platform, { name: "RÚBRICA SELLO DE DOCUMENTOS", rfc: "RUB2611229A0", curp: "XEXX010101HNEXXXA4", certificateNumber: "00000000000000000001" });
    await writeAuthority(tmp, "seal", seal);
    await writeAuthority(tmp, "tsa", await issueTsaCertificate(platform.issuing, "RUBRICA TSA"));
  });
  // Its own folder, so installations made before RUBRICA signing get it on their next start.
  await createOnce(path.join(folders.keysDir, "identity"), async (tmp) => {
    const root = await readAuthority(folders.keysDir, "root");
    if (!root) throw new Error(`The platform root (root.pem, root.key.pem) is missing in ${folders.keysDir}: the RUBRICA identity CA is made under it.`);
    await writeAuthority(tmp, "issuing", await issueIssuingAuthority(root, IDENTITY_CA_SUBJECT));
  });
  for (const type of CERTIFICATE_TYPES) {
    const dir = path.join(folders.sandboxDir, type);
    await createOnce(dir, async (tmp) => {
      const hierarchy = await createHierarchy(type);
      await writeAuthority(tmp, "root", hierarchy.root);
      await writeAuthority(tmp, "issuing", hierarchy.issuing);
      fs.writeFileSync(path.join(tmp, "revoked.json"), "[]\n");
    });
    await createOnce(path.join(folders.trustDir, type), async (tmp) => {
      fs.mkdirSync(tmp, { recursive: true });
      for (const name of ["root", "issuing"]) fs.copyFileSync(path.join(dir, `${name}.pem`), path.join(tmp, `sandbox-${name}.pem`));
    });
  }
}

/** A key the platform signs with, its certificate and the certificates above it (issuer first). */
export type PlatformKey = LoadedAuthority & { chain: x509.X509Certificate[] };

export type PlatformIdentity = { root: LoadedAuthority; issuing: LoadedAuthority; seal: PlatformKey; tsa: PlatformKey; identity: LoadedAuthority };

/**
 * The platform's keys from keysDir, except the seal and the TSA when they are given (PKCS#12
 * files named in the settings, read by readPlatformKeyFile).
 */
export async function loadPlatformIdentity(keysDir: string, given: { seal?: PlatformKey; tsa?: PlatformKey } = {}): Promise<PlatformIdentity> {
  const [root, issuing, seal, tsa, identity] = await Promise.all([...["root", "issuing", "seal", "tsa"].map((n) => readAuthority(keysDir, n)), readAuthority(path.join(keysDir, "identity"), "issuing")]);
  if (!root || !issuing || !seal || !tsa || !identity) throw new Error(`Platform keys are missing in ${keysDir}`);
  return { root, issuing, seal: given.seal ?? { ...seal, chain: [issuing.certificate] }, tsa: given.tsa ?? { ...tsa, chain: [issuing.certificate] }, identity };
}

const TIME_STAMPING = "1.3.6.1.5.5.7.3.8";

/**
 * A seal or TSA key given as a PKCS#12 file. Read when the process starts, so a wrong path or
 * password stops it with a message that names the setting, not at the first seal.
 */
export async function readPlatformKeyFile(setting: "SEAL_P12" | "TSA_P12", file: string, password: string, now = new Date()): Promise<PlatformKey> {
  const fail = (why: string) => new Error(`${setting}_PATH=${file}: ${why}`);
  let der: Buffer;
  try {
    der = fs.readFileSync(file);
  } catch (err) {
    throw fail(`cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  let identity;
  try {
    identity = await readPkcs12Identity(der, password);
  } catch (err) {
    if (err instanceof Pkcs12Error) throw fail(err.message === "the password does not open it" ? `${setting}_PASSWORD does not open it (wrong password)` : err.message);
    throw err;
  }
  const { certificate } = identity;
  if (certificate.notAfter < now) throw fail(`its certificate expired on ${certificate.notAfter.toISOString()}`);
  if (setting === "TSA_P12") {
    const eku = certificate.getExtension(x509.ExtendedKeyUsageExtension);
    if (!eku?.critical || !eku.usages.map(String).includes(TIME_STAMPING)) throw fail("its certificate lacks the critical timeStamping extended key usage an RFC 3161 TSA needs");
  }
  return identity;
}

export async function loadSandboxAuthority(sandboxDir: string, type: CertificateType) {
  const dir = path.join(sandboxDir, type);
  const [root, issuing] = await Promise.all([readAuthority(dir, "root"), readAuthority(dir, "issuing")]);
  if (!root || !issuing) throw new Error(`The sandbox authority for ${type} is missing in ${dir}`);
  return { type, root: { certificate: root.certificate, keys: root.keys }, issuing: { certificate: issuing.certificate, keys: issuing.keys } };
}

/** Every certificate in trustDir/<type>/*.pem. */
export function readTrustBundle(trustDir: string, type: CertificateType): x509.X509Certificate[] {
  return readPemFolder(path.join(trustDir, type));
}

/**
 * OCSP responder certificates trusted to sign revocation answers for a type's authorities, as
 * they are (trustDir/<type>/ocsp-responders/*.pem): SAT signs with OCSP certificates it hands
 * out beside its CAs rather than ones its CAs delegate to.
 */
export function readTrustedResponders(trustDir: string, type: CertificateType): x509.X509Certificate[] {
  return readPemFolder(path.join(trustDir, type, "ocsp-responders"));
}

function readPemFolder(dir: string): x509.X509Certificate[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".pem") || f.endsWith(".crt"))
    .flatMap((f) => parsePemBundle(fs.readFileSync(path.join(dir, f), "utf8")));
}

/** Revoked serials (hex, uppercase) of a sandbox authority. */
export function readSandboxRevocations(sandboxDir: string, type: CertificateType): { serial: string; revokedAt: string; reason: string }[] {
  const file = path.join(sandboxDir, type, "revoked.json");
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as { serial: string; revokedAt: string; reason: string }[]) : [];
}

export function writeSandboxRevocation(sandboxDir: string, type: CertificateType, serialHex: string, reason = "keyCompromise"): void {
  const list = readSandboxRevocations(sandboxDir, type);
  if (list.some((r) => r.serial === serialHex.toUpperCase())) return;
  list.push({ serial: serialHex.toUpperCase(), revokedAt: new Date().toISOString(), reason });
  const file = path.join(sandboxDir, type, "revoked.json");
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(list, null, 2)}\n`);
  fs.renameSync(`${file}.tmp`, file);
}
