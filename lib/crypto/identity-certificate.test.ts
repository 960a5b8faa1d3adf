import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { beforeAll, describe, expect, it } from "vitest";
import { certificateIdentity } from "./certificate-identity";
import { createCertificateRequest, generateSignerKeys } from "./certificate-request";
import { checkCertificateTrust } from "./certificate-trust";
import { createDetachedCms, verifyDetachedCms } from "./cms-signature";
import { CertificateRequestError, IDENTITY_CERTIFICATE_MINUTES, issueIdentityCertificate, readCertificateRequest } from "./identity-certificate";
import { createHierarchy, IDENTITY_CA_SUBJECT, issueIssuingAuthority, type Authority, type Hierarchy } from "./test-pki";

let platform: Hierarchy;
let identityCa: Authority;
const NOW = new Date("2026-11-23T18:00:00Z");

beforeAll(async () => {
  // The authorities are made at NOW too: made at the real time, they were not yet valid at a
  // fixed NOW once the calendar moved past it (valid from a day before their making).
  platform = await createHierarchy("PLATFORM", NOW);
  identityCa = await issueIssuingAuthority(platform.root, IDENTITY_CA_SUBJECT, NOW);
}, 60_000);

const issuer = () => ({ certificate: identityCa.certificate, privateKey: identityCa.keys.privateKey });

describe("the signer's key and certificate request", () => {
  it("makes a key whose private half cannot be exported, and a request openssl verifies", async () => {
    const keys = await generateSignerKeys();
    expect(keys.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey("pkcs8", keys.privateKey)).rejects.toThrow();
    const der = await createCertificateRequest(keys, "MARÍA JOSÉ PÉREZ");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "csr-"));
    fs.writeFileSync(path.join(dir, "req.der"), der);
    const check = spawnSync("openssl", ["req", "-inform", "DER", "-in", path.join(dir, "req.der"), "-verify", "-noout"], { encoding: "utf8" });
    expect(check.status).toBe(0);
    expect(check.stdout + check.stderr).toMatch(/verify OK/);
    const key = await readCertificateRequest(der);
    expect((key.algorithm as RsaHashedKeyAlgorithm).modulusLength).toBe(2048);
  }, 30_000);

  it("refuses what is not a request, a request whose signature was tampered with, and a short key", async () => {
    await expect(readCertificateRequest(new Uint8Array([1, 2, 3]))).rejects.toThrow(CertificateRequestError);
    const der = await createCertificateRequest(await generateSignerKeys(), "X");
    const tampered = der.slice();
    tampered[tampered.length - 5]! ^= 0xff; // inside the signature value
    await expect(readCertificateRequest(tampered)).rejects.toThrow("The request is not signed by its own key.");
    const short = await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 1024 }, false, ["sign", "verify"]);
    await expect(readCertificateRequest(await createCertificateRequest(short, "X"))).rejects.toThrow("The key must have 2048 bits at least; it has 1024.");
  }, 30_000);
});

describe("a RUBRICA certificate", () => {
  it("names the verified person as SAT does, lives 15 minutes, chains to the platform root, and signs a CMS openssl verifies", async () => {
    const keys = await generateSignerKeys();
    const publicKey = await readCertificateRequest(await createCertificateRequest(keys, "whatever the browser says"));
    const certificate = await issueIdentityCertificate(issuer(), { publicKey, name: "MARÍA JOSÉ PÉREZ NÚÑEZ", curp: "PENM900101MDFRXR05", certificateNumber: "90000000000000000042", now: NOW });
    const der = new Uint8Array(certificate.rawData);

    const identity = certificateIdentity(der);
    expect(identity).toMatchObject({ name: "MARÍA JOSÉ PÉREZ NÚÑEZ", curp: "PENM900101MDFRXR05", rfc: null, certificateNumber: "90000000000000000042", issuerName: "RUBRICA AC DE IDENTIDAD VERIFICADA" });
    expect(identity.notAfter.getTime() - NOW.getTime()).toBe(IDENTITY_CERTIFICATE_MINUTES * 60_000);
    expect(certificate.getExtension(x509.BasicConstraintsExtension)?.ca).toBe(false);

    const bundle = [platform.root.certificate, identityCa.certificate];
    expect((await checkCertificateTrust(der, bundle, new Date(NOW.getTime() + 60_000))).ok).toBe(true);
    expect(await checkCertificateTrust(der, bundle, new Date(NOW.getTime() + (IDENTITY_CERTIFICATE_MINUTES + 1) * 60_000))).toMatchObject({ ok: false, reason: "expired" });
    // The seal's CA is not the identity CA: a bundle without it does not trust the certificate.
    expect(await checkCertificateTrust(der, [platform.root.certificate, platform.issuing.certificate], NOW)).toMatchObject({ ok: false, reason: "untrusted" });

    const documentHash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode("contrato")));
    const cms = await createDetachedCms({ certificateDer: der, privateKey: keys.privateKey, documentHash, signingTime: new Date(NOW.getTime() + 30_000) });
    expect((await verifyDetachedCms(cms, documentHash)).ok).toBe(true);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rubrica-"));
    fs.writeFileSync(path.join(dir, "chain.pem"), [platform.root.certificate, identityCa.certificate].map((c) => c.toString("pem")).join("\n"));
    fs.writeFileSync(path.join(dir, "signer.pem"), certificate.toString("pem"));
    fs.writeFileSync(path.join(dir, "sig.der"), cms);
    fs.writeFileSync(path.join(dir, "content"), "contrato");
    const attime = String(Math.floor(NOW.getTime() / 1000) + 60);
    const verify = execFileSync("openssl", ["verify", "-attime", attime, "-CAfile", path.join(dir, "chain.pem"), path.join(dir, "signer.pem")], { encoding: "utf8" });
    expect(verify).toContain("signer.pem: OK");
    execFileSync("openssl", ["cms", "-verify", "-binary", "-inform", "DER", "-in", path.join(dir, "sig.der"), "-content", path.join(dir, "content"), "-CAfile", path.join(dir, "chain.pem"), "-attime", attime, "-purpose", "any", "-out", "/dev/null"], { stdio: "pipe" });
  }, 60_000);
});
