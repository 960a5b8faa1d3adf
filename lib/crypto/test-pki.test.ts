import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { certificateIdentity, certificateNumberOf, serialForCertificateNumber } from "./certificate-identity";
import { createHierarchy, issueSignerCertificate } from "./test-pki";

const openssl = (args: string[]) => execFileSync("openssl", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

describe("sandbox PKI", () => {
  it("issues SAT-like signer certificates that openssl verifies against the root, with RFC, CURP and a 20-digit number", async () => {
    const sat = await createHierarchy("EFIRMA");
    const { certificate } = await issueSignerCertificate(sat, { name: "BEGOÑA NÚÑEZ PEÑA", rfc: "GODE561231GR8", curp: "BOXW310820HNERXN09", certificateNumber: "00001000000504465028", ocspUrl: "http://localhost:3000/ocsp/EFIRMA" });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pki-"));
    fs.writeFileSync(path.join(dir, "root.pem"), sat.root.certificate.toString("pem"));
    fs.writeFileSync(path.join(dir, "issuing.pem"), sat.issuing.certificate.toString("pem"));
    fs.writeFileSync(path.join(dir, "signer.cer"), Buffer.from(certificate.rawData));
    expect(openssl(["verify", "-CAfile", path.join(dir, "root.pem"), "-untrusted", path.join(dir, "issuing.pem"), path.join(dir, "signer.cer")])).toMatch(/signer.cer: OK/);
    const text = openssl(["x509", "-inform", "DER", "-in", path.join(dir, "signer.cer"), "-noout", "-text", "-nameopt", "utf8,sep_comma_plus"]);
    expect(text).toContain("Digital Signature, Non Repudiation");
    expect(text).toContain("OCSP - URI:http://localhost:3000/ocsp/EFIRMA");
    expect(text).toContain("BEGOÑA NÚÑEZ PEÑA");

    expect(certificateIdentity(new Uint8Array(certificate.rawData))).toMatchObject({
      name: "BEGOÑA NÚÑEZ PEÑA",
      rfc: "GODE561231GR8",
      curp: "BOXW310820HNERXN09",
      certificateNumber: "00001000000504465028",
      issuerName: "AC DEL SERVICIO DE ADMINISTRACION TRIBUTARIA (PRUEBAS)",
    });
  });

  it("a different hierarchy's root does not verify the signer (openssl says so)", async () => {
    const sat = await createHierarchy("EFIRMA");
    const firel = await createHierarchy("FIREL");
    const { certificate } = await issueSignerCertificate(sat, { name: "ANA", rfc: "GODE561231GR8", curp: "BOXW310820HNERXN09", certificateNumber: "1" });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pki-"));
    fs.writeFileSync(path.join(dir, "root.pem"), firel.root.certificate.toString("pem"));
    fs.writeFileSync(path.join(dir, "issuing.pem"), sat.issuing.certificate.toString("pem"));
    fs.writeFileSync(path.join(dir, "signer.pem"), certificate.toString("pem"));
    expect(() => openssl(["verify", "-CAfile", path.join(dir, "root.pem"), "-untrusted", path.join(dir, "issuing.pem"), path.join(dir, "signer.pem")])).toThrow();
  });

  it("maps certificate numbers to ASCII serials and back", () => {
    expect(serialForCertificateNumber("00001000000504465028")).toBe("3030303031303030303030353034343635303238");
    expect(certificateNumberOf("3030303031303030303030353034343635303238")).toBe("00001000000504465028");
    expect(certificateNumberOf("7f01ab")).toBe("7F01AB");
    expect(() => serialForCertificateNumber("12a")).toThrow();
  });
});
