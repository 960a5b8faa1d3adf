import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { writePkcs12 } from "@/test/factories/pkcs12";
import { Pkcs12Error, readPkcs12Identity } from "./pkcs12-identity";
import { createHierarchy, issueSignerCertificate, SIGNATURE_ALGORITHM, type Hierarchy } from "./test-pki";

let dir: string;
let platform: Hierarchy;
let seal: Awaited<ReturnType<typeof issueSignerCertificate>>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "p12-"));
  platform = await createHierarchy("PLATFORM");
  seal = await issueSignerCertificate(platform, { name: "SELLO DE PRUEBAS", rfc: "RUB2611229A0", curp: "XEXX010101HNEXXXA4", certificateNumber: "00000000000000000042" });
}, 60_000);

describe("readPkcs12Identity", () => {
  it.each([
    ["openssl 3's default (PBES2, AES-256, SHA-256 MAC)", [] as string[], "contraseña del sello"],
    ["the legacy scheme (3DES key, RC2 certificates)", ["-legacy"], "secreto"],
  ])("reads %s: the certificate byte for byte, its chain, and a key that signs for it", async (_, extra, password) => {
    const file = await writePkcs12(dir, `seal-${extra.length}`, seal, [platform.issuing.certificate, platform.root.certificate], password, extra);
    const identity = await readPkcs12Identity(fs.readFileSync(file), password);
    expect(Buffer.from(identity.certificate.rawData).equals(Buffer.from(seal.certificate.rawData))).toBe(true);
    expect(identity.chain.map((c) => c.subject)).toEqual([platform.issuing.certificate.subject, platform.root.certificate.subject]);
    const message = new TextEncoder().encode("hola");
    const signature = await crypto.subtle.sign(SIGNATURE_ALGORITHM, identity.privateKey, message);
    expect(await crypto.subtle.verify(SIGNATURE_ALGORITHM, seal.keys.publicKey, signature, message)).toBe(true);
  }, 30_000);

  it("says so when the password is wrong, the file is not PKCS#12, or it holds no key", async () => {
    const file = await writePkcs12(dir, "seal-pw", seal, [], "correcta");
    await expect(readPkcs12Identity(fs.readFileSync(file), "incorrecta")).rejects.toThrow(new Pkcs12Error("the password does not open it"));
    await expect(readPkcs12Identity(fs.readFileSync(file), "")).rejects.toThrow("the password does not open it");
    await expect(readPkcs12Identity(new TextEncoder().encode("-----BEGIN CERTIFICATE-----"), "x")).rejects.toThrow("the file is not a PKCS#12 (.p12/.pfx) file");
    const noKey = await writePkcs12(dir, "seal-nokey", seal, [], "correcta", ["-nokeys"]);
    await expect(readPkcs12Identity(fs.readFileSync(noKey), "correcta")).rejects.toThrow("it holds 0 private keys; exactly one is needed");
  }, 30_000);
});
