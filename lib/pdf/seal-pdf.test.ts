import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { createPadesCms } from "@/lib/crypto/pades-signature";
import { createHierarchy, issueSignerCertificate, issueTsaCertificate, type Hierarchy } from "@/lib/crypto/test-pki";
import { createTimestampToken } from "@/lib/crypto/timestamp-token";
import { sealPdf } from "./seal-pdf";

let platform: Hierarchy;
let seal: Awaited<ReturnType<typeof issueSignerCertificate>>;
let tsa: Awaited<ReturnType<typeof issueTsaCertificate>>;
let nssDir: string;
let dir: string;

beforeAll(async () => {
  platform = await createHierarchy("EFIRMA");
  seal = await issueSignerCertificate(platform, { name: "RÚBRICA SELLO DE PRUEBAS", rfc: "MAB9307148T4", curp: "BOXW310820HNERXN09", certificateNumber: "00000000000000000001" });
  tsa = await issueTsaCertificate(platform.issuing, "Rubrica TSA de pruebas");
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "seal-"));
  fs.chmodSync(dir, 0o755);
  nssDir = path.join(dir, "nss");
  fs.mkdirSync(nssDir);
  fs.writeFileSync(path.join(dir, "root.pem"), platform.root.certificate.toString("pem"));
  execFileSync("certutil", ["-N", "-d", `sql:${nssDir}`, "--empty-password"]);
  execFileSync("certutil", ["-A", "-d", `sql:${nssDir}`, "-n", "rubrica-test-root", "-t", "CT,C,C", "-i", path.join(dir, "root.pem")]);
}, 60_000);

async function sealedSample(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText("Contrato de arrendamiento", { x: 50, y: 700, font, size: 14 });
  let serial = 1n;
  return sealPdf(pdf, { reason: "Sello de Rúbrica", location: "México", name: "Rúbrica", contactInfo: "soporte@rubrica.mx", signingTime: new Date() }, (content) =>
    createPadesCms({
      content,
      certificateDer: new Uint8Array(seal.certificate.rawData),
      chainDer: [new Uint8Array(platform.issuing.certificate.rawData)],
      privateKey: seal.keys.privateKey,
      timestamp: async (signatureValue) =>
        createTimestampToken({
          tsa: { certificateDer: new Uint8Array(tsa.certificate.rawData), privateKey: tsa.keys.privateKey },
          messageImprint: new Uint8Array(await crypto.subtle.digest("SHA-256", signatureValue.slice().buffer as ArrayBuffer)),
          serialNumber: serial++,
          genTime: new Date(),
        }),
    }),
  );
}

const pdfsig = (file: string) => spawnSync("pdfsig", ["-nssdir", `sql:${nssDir}`, file], { encoding: "utf8" });

describe("sealPdf (PAdES with an RFC 3161 timestamp)", () => {
  it("produces a signature pdfsig reports valid, trusted and covering the whole document", async () => {
    const file = path.join(dir, "sealed.pdf");
    fs.writeFileSync(file, await sealedSample());
    const out = pdfsig(file);
    expect(out.stdout).toContain("Signature Validation: Signature is Valid.");
    expect(out.stdout).toContain("Certificate Validation: Certificate is Trusted.");
    expect(out.stdout).toContain("Total document signed");
    expect(out.stdout).toContain("Signature Type: ETSI.CAdES.detached");
  });

  it("makes pdfsig fail when one byte of the signed content changes", async () => {
    const bytes = Buffer.from(await sealedSample());
    const at = bytes.indexOf("Contrato de arrendamiento") >= 0 ? bytes.indexOf("Contrato de arrendamiento") : bytes.indexOf("/Type /Page") + 2;
    bytes[at] = bytes[at]! ^ 1;
    const file = path.join(dir, "tampered.pdf");
    fs.writeFileSync(file, bytes);
    expect(pdfsig(file).stdout).not.toContain("Signature Validation: Signature is Valid.");
  });
});
