import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { realworldPdf } from "@/test/realworld";
import { createPadesCms } from "@/lib/crypto/pades-signature";
import { createHierarchy, issueSignerCertificate, issueTsaCertificate, type Hierarchy } from "@/lib/crypto/test-pki";
import { createTimestampToken } from "@/lib/crypto/timestamp-token";
import { loadForIncrementalUpdate } from "./incremental-update";
import { sealPdf } from "./seal-pdf";
import { nssTrustingRoot } from "@/test/nss-trust";

let platform: Hierarchy;
let sealIdentity: Awaited<ReturnType<typeof issueSignerCertificate>>;
let tsa: Awaited<ReturnType<typeof issueTsaCertificate>>;
let nssDir: string;
let dir: string;

beforeAll(async () => {
  platform = await createHierarchy("EFIRMA");
  sealIdentity = await issueSignerCertificate(platform, { name: "RÚBRICA SELLO DE PRUEBAS", rfc: "MAB9307148T4", curp: "BOXW310820HNERXN09", certificateNumber: "00000000000000000001" });
  tsa = await issueTsaCertificate(platform.issuing, "Rubrica TSA de pruebas");
  ({ dir, nssDir } = nssTrustingRoot(platform.root.certificate.toString("pem"), "seal-"));
}, 60_000);


async function samplePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText("Contrato de arrendamiento", { x: 50, y: 700, font, size: 14 });
  return pdf.save();
}

let serial = 1n;
/** Seals `original` incrementally; `change` may draw on it first, as the seal job does. */
async function seal(original: Uint8Array, change?: (pdf: PDFDocument) => Promise<void> | void): Promise<Uint8Array> {
  const doc = await loadForIncrementalUpdate(original);
  await change?.(doc.pdf);
  return sealPdf(doc, { reason: "Sello de Rúbrica", location: "México", name: "Rúbrica", contactInfo: "soporte@rubrica.mx", signingTime: new Date() }, (content) =>
    createPadesCms({
      content,
      certificateDer: new Uint8Array(sealIdentity.certificate.rawData),
      chainDer: [new Uint8Array(platform.issuing.certificate.rawData)],
      privateKey: sealIdentity.keys.privateKey,
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
const sealedSample = async () => seal(await samplePdf());

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

  // Files signed by others (manifest.json): their signatures must survive ours.
  it.each([
    ["pyhanko_minimal-signed-twice-both-created.pdf", 2, "xref stream"],
    ["pdfjs_bug854315.pdf", 1, "classic table, a qualified signature"],
    ["pdfjs_issue16553.pdf", 1, "classic table, a qualified signature in an incremental update"],
    ["pyhanko_pades-lta-dss-indirect-arrs-test-2.pdf", 3, "PAdES-LTA, indirect /Fields and /Annots arrays"],
  ])("keeps the earlier signatures of %s valid (%i; %s) and covers the whole file", async (name, earlier) => {
    const original = realworldPdf(name);
    const sealed = await seal(original, async (pdf) => {
      const font = await pdf.embedFont(StandardFonts.Helvetica);
      pdf.addPage([612, 792]).drawText("Hoja de firmas", { x: 50, y: 700, font, size: 14 });
    });
    expect(Buffer.from(sealed.subarray(0, original.byteLength)).equals(Buffer.from(original))).toBe(true);
    const file = path.join(dir, `sealed-${name}`);
    fs.writeFileSync(file, sealed);
    const out = pdfsig(file).stdout;
    const signatures = out.split(/^Signature #\d+:$/m).slice(1);
    expect(signatures).toHaveLength(earlier + 1);
    const ours = signatures[earlier]!;
    expect(ours).toContain("Signature Validation: Signature is Valid.");
    expect(ours).toContain("Certificate Validation: Certificate is Trusted.");
    expect(ours).toContain("Total document signed");
    for (const theirs of signatures.slice(0, earlier)) {
      // pdfsig cannot check a document timestamp (ETSI.RFC3161): "not yet verified", never a mismatch.
      expect(theirs).toMatch(/Signature Validation: (Signature is Valid|Signature has not yet been verified)\./);
      expect(theirs).toContain("Not total document signed");
    }
    expect(execFileSync("pdfinfo", [file], { encoding: "utf8" })).toMatch(new RegExp(`Pages:\\s+${(await PDFDocument.load(original)).getPageCount() + 1}\\n`));
  });
});
