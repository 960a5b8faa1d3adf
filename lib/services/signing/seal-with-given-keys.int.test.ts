import { execFileSync, spawnSync } from "node:child_process";
import nodeCrypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as pkijs from "pkijs";
import { beforeAll, describe, expect, it } from "vitest";
import { SIGNATURE_TIMESTAMP_OID } from "@/lib/crypto/pades-signature";
import { createHierarchy, issueSignerCertificate, issueTsaCertificate, type Hierarchy } from "@/lib/crypto/test-pki";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { writePkcs12 } from "@/test/factories/pkcs12";
import { seedSignedDocument } from "@/test/factories/signing";
import { call } from "@/test/http";
import { GET as getPdf } from "@/app/v1/documents/[uuid]/pdf/route";
import { GET as getConstancy } from "@/app/v1/documents/[uuid]/constancy/route";
import { sealDocument } from "./seal-document";
import { configuredPlatformKeys, signingEnvironment } from "./signing-environment";

// An operator's own seal and TSA (another hierarchy than the one made in KEYS_DIR), given as
// PKCS#12 files through SEAL_P12_PATH and TSA_P12_PATH.
let dir: string;
let operator: Hierarchy;
let sealDer: Buffer;
let tsaDer: Buffer;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "given-keys-"));
  fs.chmodSync(dir, 0o755);
  operator = await createHierarchy("PLATFORM");
  const seal = await issueSignerCertificate(operator, { name: "NOTARÍA 7 SELLO DESDE P12", rfc: "NOT7001019A0", curp: "XEXX010101HNEXXXA4", certificateNumber: "00000000000000000777" });
  const tsa = await issueTsaCertificate(operator.issuing, "TSA DESDE P12");
  sealDer = Buffer.from(seal.certificate.rawData);
  tsaDer = Buffer.from(tsa.certificate.rawData);
  process.env.SEAL_P12_PATH = await writePkcs12(dir, "seal", seal, [operator.issuing.certificate, operator.root.certificate], "contraseña del sello");
  process.env.SEAL_P12_PASSWORD = "contraseña del sello";
  process.env.TSA_P12_PATH = await writePkcs12(dir, "tsa", tsa, [operator.issuing.certificate], "tsa-secreto");
  process.env.TSA_P12_PASSWORD = "tsa-secreto";
  resetEnvCache();

  fs.writeFileSync(path.join(dir, "root.pem"), operator.root.certificate.toString("pem"));
  fs.writeFileSync(path.join(dir, "operator.pem"), `${operator.root.certificate.toString("pem")}\n${operator.issuing.certificate.toString("pem")}\n`);
  fs.writeFileSync(path.join(dir, "tsa.pem"), tsa.certificate.toString("pem"));
  fs.mkdirSync(path.join(dir, "nss"));
  execFileSync("certutil", ["-N", "-d", `sql:${path.join(dir, "nss")}`, "--empty-password"]);
  execFileSync("certutil", ["-A", "-d", `sql:${path.join(dir, "nss")}`, "-n", "operator-root", "-t", "CT,C,C", "-i", path.join(dir, "root.pem")]);
}, 60_000);

describe("platform keys given by env (PKCS#12 + password)", () => {
  it("seal the PDF with the given seal certificate and stamp with the given TSA", async () => {
    const { platform } = await signingEnvironment();
    expect(Buffer.from(platform.seal.certificate.rawData).equals(sealDer)).toBe(true);

    const { owner, id, hash } = await seedSignedDocument();
    expect(await sealDocument(getDb(), id)).toBe("sealed");
    const res = await call(getPdf, `/v1/documents/${id}/pdf`, { headers: { "x-api-key": owner.key }, params: { uuid: id } });
    const pdf = Buffer.from(await res.arrayBuffer());
    fs.writeFileSync(path.join(dir, "sealed.pdf"), pdf);

    // pdfsig trusts only the operator's root here: the seal chains to it.
    const check = spawnSync("pdfsig", ["-nssdir", `sql:${path.join(dir, "nss")}`, path.join(dir, "sealed.pdf")], { encoding: "utf8" });
    expect(check.stdout).toContain("Signer Certificate Common Name: NOTARÍA 7 SELLO DESDE P12");
    expect(check.stdout).toContain("Signature Validation: Signature is Valid.");
    expect(check.stdout).toContain("Certificate Validation: Certificate is Trusted.");

    // The CMS in /Contents: signed by exactly the given certificate, carrying its chain, and
    // timestamped by the given TSA.
    const hex = /\/Contents\s*<([0-9a-fA-F]+)>/.exec(pdf.toString("latin1"))![1]!;
    const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(new Uint8Array(Buffer.from(hex, "hex")).buffer).content });
    const certificates = signedData.certificates!.map((c) => Buffer.from((c as pkijs.Certificate).toSchema().toBER(false)));
    expect(certificates[0]!.equals(sealDer)).toBe(true);
    expect(certificates).toHaveLength(3);
    const signer = signedData.signerInfos[0]!;
    const token = signer.unsignedAttrs!.attributes.find((a) => a.type === SIGNATURE_TIMESTAMP_OID)!.values[0]!;
    fs.writeFileSync(path.join(dir, "seal-ts.der"), Buffer.from(token.toBER(false)));
    const imprint = nodeCrypto.createHash("sha256").update(Buffer.from(signer.signature.valueBlock.valueHexView)).digest("hex");
    const sealTs = spawnSync("openssl", ["ts", "-verify", "-in", path.join(dir, "seal-ts.der"), "-token_in", "-digest", imprint, "-CAfile", path.join(dir, "operator.pem"), "-untrusted", path.join(dir, "tsa.pem")], { encoding: "utf8" });
    expect(sealTs.stdout).toContain("Verification: OK");
    const tokenCerts = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(new Uint8Array(token.toBER(false))).content }).certificates!;
    expect(Buffer.from((tokenCerts[0] as pkijs.Certificate).toSchema().toBER(false)).equals(tsaDer)).toBe(true);

    // The constancy too comes from the given TSA.
    const constancy = await call(getConstancy, `/v1/documents/${id}/constancy`, { headers: { "x-api-key": owner.key }, params: { uuid: id } });
    fs.writeFileSync(path.join(dir, "constancy.tsr"), Buffer.from(await constancy.arrayBuffer()));
    const ts = spawnSync("openssl", ["ts", "-verify", "-in", path.join(dir, "constancy.tsr"), "-digest", hash, "-CAfile", path.join(dir, "operator.pem"), "-untrusted", path.join(dir, "tsa.pem")], { encoding: "utf8" });
    expect(ts.stdout).toContain("Verification: OK");
  }, 60_000);

  it("stop the start with a message naming the setting when the password is wrong", async () => {
    process.env.SEAL_P12_PASSWORD = "no es la contraseña";
    resetEnvCache();
    try {
      await expect(configuredPlatformKeys()).rejects.toThrow(`SEAL_P12_PATH=${process.env.SEAL_P12_PATH}: SEAL_P12_PASSWORD does not open it (wrong password)`);
      await expect(signingEnvironment()).rejects.toThrow("SEAL_P12_PASSWORD does not open it");
    } finally {
      process.env.SEAL_P12_PASSWORD = "contraseña del sello";
      resetEnvCache();
    }
  });
});
