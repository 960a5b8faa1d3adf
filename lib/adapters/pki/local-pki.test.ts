import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkCertificateTrust } from "@/lib/crypto/certificate-trust";
import { issueSignerCertificate } from "@/lib/crypto/test-pki";
import { ensureLocalPki, loadPlatformIdentity, loadSandboxAuthority, readSandboxRevocations, readTrustBundle, writeSandboxRevocation } from "./local-pki";

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

    const sat = await loadSandboxAuthority(folders.sandboxDir, "EFIRMA");
    const signer = await issueSignerCertificate(sat, { name: "ANA", rfc: "GODE561231GR8", curp: "BOXW310820HNERXN09", certificateNumber: "00001000000000000001" });
    const der = new Uint8Array(signer.certificate.rawData);
    expect((await checkCertificateTrust(der, readTrustBundle(folders.trustDir, "EFIRMA"), new Date())).ok).toBe(true);
    expect((await checkCertificateTrust(der, readTrustBundle(folders.trustDir, "FIREL"), new Date())).ok).toBe(false);

    writeSandboxRevocation(folders.sandboxDir, "EFIRMA", signer.certificate.serialNumber);
    writeSandboxRevocation(folders.sandboxDir, "EFIRMA", signer.certificate.serialNumber);
    expect(readSandboxRevocations(folders.sandboxDir, "EFIRMA").map((r) => r.serial)).toEqual([signer.certificate.serialNumber.toUpperCase()]);
  }, 60_000);

  it("leaves an existing trust folder alone (production roots)", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "pki-"));
    const folders = { keysDir: path.join(root, "keys"), sandboxDir: path.join(root, "sandbox-ca"), trustDir: path.join(root, "trust") };
    fs.mkdirSync(path.join(folders.trustDir, "EFIRMA"), { recursive: true });
    await ensureLocalPki(folders);
    expect(readTrustBundle(folders.trustDir, "EFIRMA")).toEqual([]);
    expect(readTrustBundle(folders.trustDir, "FIREL")).toHaveLength(2);
  }, 60_000);
});
