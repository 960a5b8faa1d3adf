import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkCertificateTrust } from "@/lib/crypto/certificate-trust";
import { createHierarchy, issueSignerCertificate, issueTsaCertificate } from "@/lib/crypto/test-pki";
import { writePkcs12 } from "@/test/factories/pkcs12";
import { ensureLocalPki, loadPlatformIdentity, loadSandboxAuthority, readPlatformKeyFile, readSandboxRevocations, readTrustBundle, writeSandboxRevocation } from "./local-pki";

describe("local PKI folders", () => {
  it("are made once, even by two processes starting together, and trust what the sandbox issues", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "pki-"));
    const folders = { keysDir: path.join(root, "keys"), sandboxDir: path.join(root, "sandbox-ca"), trustDir: path.join(root, "trust") };
    await Promise.all([ensureLocalPki(folders), ensureLocalPki(folders)]);
    const first = fs.readFileSync(path.join(folders.keysDir, "seal.pem"), "utf8");
    await ensureLocalPki(folders);
    expect(fs.readFileSync(path.join(folders.keysDir, "seal.pem"), "utf8")).toBe(first);
    expect(fs.readdirSync(root).sort()).toEqual(["keys", "sandbox-ca", "trust"]); // no temporary leftovers
    expect(fs.statSync(path.join(folders.keysDir, "seal.key.pem")).mode & 0o777).toBe(0o600);

    const platform = await loadPlatformIdentity(folders.keysDir);
    expect(platform.seal.certificate.issuer).toBe(platform.issuing.certificate.subject);
    expect(platform.identity.certificate.issuer).toBe(platform.root.certificate.subject);
    expect(platform.identity.certificate.subject).toContain("CN=RUBRICA AC DE IDENTIDAD VERIFICADA");

    const sat = await loadSandboxAuthority(folders.sandboxDir, "EFIRMA");
    const signer = await issueSignerCertificate(sat, { name: "ANA", rfc: "GODE561231GR8", curp: "BOXW310820HNERXN09", certificateNumber: "00001000000000000001" });
    const der = new Uint8Array(signer.certificate.rawData);
    expect((await checkCertificateTrust(der, readTrustBundle(folders.trustDir, "EFIRMA"), new Date())).ok).toBe(true);
    expect((await checkCertificateTrust(der, readTrustBundle(folders.trustDir, "FIREL"), new Date())).ok).toBe(false);

    writeSandboxRevocation(folders.sandboxDir, "EFIRMA", signer.certificate.serialNumber);
    writeSandboxRevocation(folders.sandboxDir, "EFIRMA", signer.certificate.serialNumber);
    expect(readSandboxRevocations(folders.sandboxDir, "EFIRMA").map((r) => r.serial)).toEqual([signer.certificate.serialNumber.toUpperCase()]);
  }, 60_000);

  it("adds the RUBRICA identity CA to an installation made before it, under the same root, leaving the rest alone", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "pki-"));
    const folders = { keysDir: path.join(root, "keys"), sandboxDir: path.join(root, "sandbox-ca"), trustDir: path.join(root, "trust") };
    await ensureLocalPki(folders);
    const seal = fs.readFileSync(path.join(folders.keysDir, "seal.pem"), "utf8");
    fs.rmSync(path.join(folders.keysDir, "identity"), { recursive: true });
    await expect(loadPlatformIdentity(folders.keysDir)).rejects.toThrow(/Platform keys are missing/);

    await ensureLocalPki(folders);
    const platform = await loadPlatformIdentity(folders.keysDir);
    expect(fs.readFileSync(path.join(folders.keysDir, "seal.pem"), "utf8")).toBe(seal);
    expect(await platform.identity.certificate.verify({ publicKey: platform.root.certificate.publicKey, signatureOnly: true })).toBe(true);
    expect(fs.statSync(path.join(folders.keysDir, "identity", "issuing.key.pem")).mode & 0o777).toBe(0o600);
  }, 60_000);

  it("leaves an existing trust folder alone (production roots)", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "pki-"));
    const folders = { keysDir: path.join(root, "keys"), sandboxDir: path.join(root, "sandbox-ca"), trustDir: path.join(root, "trust") };
    fs.mkdirSync(path.join(folders.trustDir, "EFIRMA"), { recursive: true });
    await ensureLocalPki(folders);
    expect(readTrustBundle(folders.trustDir, "EFIRMA")).toEqual([]);
    expect(readTrustBundle(folders.trustDir, "FIREL")).toHaveLength(2);
  }, 60_000);

  it("reads a seal or TSA given as PKCS#12, and refuses a wrong password, a missing file or a TSA without timeStamping with the setting's name", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pki-p12-"));
    const platform = await createHierarchy("PLATFORM");
    const seal = await issueSignerCertificate(platform, { name: "SELLO", rfc: "RUB2611229A0", curp: "XEXX010101HNEXXXA4", certificateNumber: "00000000000000000007" });
    const sealFile = await writePkcs12(dir, "seal", seal, [platform.issuing.certificate], "s3creto");
    const tsaFile = await writePkcs12(dir, "tsa", await issueTsaCertificate(platform.issuing, "TSA P12"), [platform.issuing.certificate], "s3creto");

    const loaded = await readPlatformKeyFile("SEAL_P12", sealFile, "s3creto");
    expect(loaded.certificate.serialNumber).toBe(seal.certificate.serialNumber);
    expect(loaded.chain.map((c) => c.subject)).toEqual([platform.issuing.certificate.subject]);
    expect((await readPlatformKeyFile("TSA_P12", tsaFile, "s3creto")).certificate.subject).toContain("CN=TSA P12");

    await expect(readPlatformKeyFile("SEAL_P12", sealFile, "otra")).rejects.toThrow(`SEAL_P12_PATH=${sealFile}: SEAL_P12_PASSWORD does not open it (wrong password)`);
    await expect(readPlatformKeyFile("TSA_P12", path.join(dir, "none.p12"), "x")).rejects.toThrow(`TSA_P12_PATH=${path.join(dir, "none.p12")}: cannot read the file (ENOENT)`);
    await expect(readPlatformKeyFile("TSA_P12", sealFile, "s3creto")).rejects.toThrow("its certificate lacks the critical timeStamping extended key usage an RFC 3161 TSA needs");
    await expect(readPlatformKeyFile("SEAL_P12", sealFile, "s3creto", new Date(Date.now() + 5 * 366 * 864e5))).rejects.toThrow(/its certificate expired on/);
  }, 60_000);
});
