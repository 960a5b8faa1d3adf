import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createDetachedCms, verifyDetachedCms } from "./cms-signature";
import { createHierarchy, issueSignerCertificate, type Hierarchy } from "./test-pki";

let sat: Hierarchy;
let signer: Awaited<ReturnType<typeof issueSignerCertificate>>;
let other: Awaited<ReturnType<typeof issueSignerCertificate>>;
const documentBytes = new TextEncoder().encode("%PDF-1.7 contrato de Begoña Núñez");
let documentHash: Uint8Array;

beforeAll(async () => {
  sat = await createHierarchy("EFIRMA");
  signer = await issueSignerCertificate(sat, { name: "BEGOÑA NÚÑEZ", rfc: "GODE561231GR8", curp: "BOXW310820HNERXN09", certificateNumber: "00001000000504465028" });
  other = await issueSignerCertificate(sat, { name: "OTRA", rfc: "GODE561231GR8", curp: "BOXW310820HNERXN09", certificateNumber: "00001000000504465029" });
  documentHash = new Uint8Array(await crypto.subtle.digest("SHA-256", documentBytes));
}, 30_000);

const sign = (overrides: Partial<Parameters<typeof createDetachedCms>[0]> = {}) =>
  createDetachedCms({ certificateDer: new Uint8Array(signer.certificate.rawData), privateKey: signer.keys.privateKey, documentHash, ...overrides });

function opensslVerify(cms: Uint8Array, content: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cms-"));
  fs.writeFileSync(path.join(dir, "sig.p7s"), cms);
  fs.writeFileSync(path.join(dir, "doc.pdf"), content);
  // The trust bundle holds the root and the issuing CA, as the trust folders will.
  fs.writeFileSync(path.join(dir, "trust.pem"), `${sat.root.certificate.toString("pem")}\n${sat.issuing.certificate.toString("pem")}\n`);
  return execFileSync(
    "openssl",
    ["cms", "-verify", "-binary", "-inform", "DER", "-in", path.join(dir, "sig.p7s"), "-content", path.join(dir, "doc.pdf"), "-CAfile", path.join(dir, "trust.pem"), "-purpose", "any", "-out", "/dev/null"],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
}

describe("detached CMS over the document hash", () => {
  it("verifies with openssl cms -verify against the original bytes and the root", async () => {
    const cms = await sign();
    expect(() => opensslVerify(cms, documentBytes)).not.toThrow();
  });

  it("fails openssl when one byte of the document changes", async () => {
    const cms = await sign();
    const tampered = documentBytes.slice();
    tampered[5] = tampered[5]! ^ 1;
    expect(() => opensslVerify(cms, tampered)).toThrow();
  });

  it("passes our verification and returns the certificate and signing time", async () => {
    const at = new Date("2026-11-22T10:00:00Z");
    const result = await verifyDetachedCms(await sign({ signingTime: at }), documentHash);
    expect(result).toMatchObject({ ok: true, signingTime: at });
    if (result.ok) expect(Buffer.from(result.certificateDer)).toEqual(Buffer.from(signer.certificate.rawData));
  });

  it("refuses a signature over another document", async () => {
    const otherHash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode("otro")));
    expect(await verifyDetachedCms(await sign(), otherHash)).toMatchObject({ ok: false, reason: "digest-mismatch" });
  });

  it("refuses a key that is not the certificate's", async () => {
    expect(await verifyDetachedCms(await sign({ privateKey: other.keys.privateKey }), documentHash)).toMatchObject({ ok: false, reason: "bad-signature" });
  });

  it("binds the certificate by its bytes as carried, also when its issuer did not write canonical DER", async () => {
    // The same certificate with its outer length in a longer form than DER allows (30 83 00 LL LL):
    // signing-certificate-v2 hashes these bytes (RFC 5035), which differ from a re-encoding of it.
    const der = new Uint8Array(signer.certificate.rawData);
    expect([...der.subarray(0, 2)]).toEqual([0x30, 0x82]);
    const loose = Uint8Array.from([0x30, 0x83, 0x00, ...der.subarray(2)]);
    const check = await verifyDetachedCms(await sign({ certificateDer: loose }), documentHash);
    expect(check).toMatchObject({ ok: true });
  });

  it("refuses a signing-certificate-v2 that names another certificate", async () => {
    const cms = await sign();
    const certHash = new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(signer.certificate.rawData)));
    const at = Buffer.from(cms).indexOf(Buffer.from(certHash));
    expect(at).toBeGreaterThan(0);
    cms[at] = cms[at]! ^ 0xff;
    expect(await verifyDetachedCms(cms, documentHash)).toMatchObject({ ok: false, reason: "certificate-binding" });
  });

  it("refuses a tampered signature value and garbage", async () => {
    const cms = await sign();
    const flipped = cms.slice();
    flipped[flipped.length - 10] = flipped[flipped.length - 10]! ^ 0xff; // inside the RSA signature value
    expect(await verifyDetachedCms(flipped, documentHash)).toMatchObject({ ok: false });
    expect(await verifyDetachedCms(new Uint8Array([1, 2, 3]), documentHash)).toMatchObject({ ok: false, reason: "malformed" });
  });
});
