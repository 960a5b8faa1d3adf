// `npm run bench:seal`: what sealing costs, per document size and number of signers, beside the
// floor measured in the same run: pdf-lib loading and saving the same file (sealing cannot be
// cheaper than that). Pure work, no database: the sheet, stamps, XML attachment, constancy and
// PAdES-B-T signature with the built-in TSA, extended to PAdES-B-LTA (DSS with the platform's
// revocation answers, document time-stamp), as the seal job does them.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { createPadesCms } from "@/lib/crypto/pades-signature";
import { createHierarchy, issueSignerCertificate, issueTsaCertificate } from "@/lib/crypto/test-pki";
import { createTimestampToken } from "@/lib/crypto/timestamp-token";
import { addSignatureSheet, addSignatureStamps, type SheetInput } from "@/lib/pdf/signature-sheet";
import { loadForIncrementalUpdate } from "@/lib/pdf/incremental-update";
import { sealPdf } from "@/lib/pdf/seal-pdf";
import { extendToLongTerm } from "@/lib/services/signing/long-term-validation";

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
const fonts = { regular: fs.readFileSync(path.join(fontDir, "DejaVuSans.ttf")), bold: fs.readFileSync(path.join(fontDir, "DejaVuSans-Bold.ttf")) };

async function document(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = pdf.addPage([612, 792]);
    for (let line = 0; line < 40; line++) page.drawText(`Cláusula ${i}.${line}: el arrendatario pagará puntualmente la renta pactada.`, { x: 40, y: 750 - line * 17, size: 10, font });
  }
  return pdf.save();
}

async function median(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

async function main() {
  const platform = await createHierarchy("PLATFORM");
  const seal = await issueSignerCertificate(platform, { name: "RÚBRICA SELLO", rfc: "RUB2611229A0", curp: "XEXX010101HNEXXXA4", certificateNumber: "1" });
  const tsa = await issueTsaCertificate(platform.issuing, "RUBRICA TSA");
  const tsaIdentity = { certificateDer: new Uint8Array(tsa.certificate.rawData), privateKey: tsa.keys.privateKey };
  const authorities = [platform.issuing, platform.root].map((a) => ({ certificate: a.certificate, privateKey: a.keys.privateKey }));
  let serial = 1n;
  const stamp = async (imprint: Uint8Array) => createTimestampToken({ tsa: tsaIdentity, messageImprint: imprint, serialNumber: serial++, genTime: new Date() });

  // BENCH_SEAL_CASES="50x10": only those cases (pages x signers), e.g. under a CPU profiler.
  const cases = (process.env.BENCH_SEAL_CASES ?? "1x1,1x10,50x1,50x10,200x1,200x10").split(",").map((c) => c.split("x").map(Number) as [number, number]);
  console.log(`node ${process.version}, ${os.cpus().length} cores; median of 5 runs after one warm-up`);
  console.log("pages  signers  floor (load+save)  seal     ratio");
  for (const pages of [...new Set(cases.map(([p]) => p))]) {
    const bytes = await document(pages);
    const floor = await median(5, async () => (await PDFDocument.load(bytes)).save());
    for (const count of cases.filter(([p]) => p === pages).map(([, c]) => c)) {
      const sheet: SheetInput = {
        fileName: "Contrato de arrendamiento.pdf",
        originalHash: "9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08",
        verifyUrl: "https://rubrica.example/verify?hash=9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08",
        locale: "es",
        timeZone: "America/Mexico_City",
        fonts,
        signers: Array.from({ length: count }, (_, i) => ({
          name: `FIRMANTE ${i + 1} NÚÑEZ PEÑA`,
          rfc: "GODE561231GR8",
          curp: "BOXW310820HNERXN09",
          certificateNumber: "00001000000504465028",
          issuer: "AC DEL SERVICIO DE ADMINISTRACION TRIBUTARIA",
          signatureType: "EFIRMA",
          signature: "MIIB".repeat(600),
          signedAt: new Date(),
          boxes: [{ page: Math.min(pages, 1 + (i % pages)), x: 0.05 + (i % 3) * 0.3, y: 0.8, width: 0.28, height: 0.08 }],
        })),
      };
      const sealed = await median(5, async () => {
        const doc = await loadForIncrementalUpdate(bytes);
        const { pdf } = doc;
        await stamp(new Uint8Array(32)); // the constancy
        await addSignatureStamps(pdf, sheet);
        await addSignatureSheet(pdf, sheet);
        await pdf.attach(new TextEncoder().encode("<electronicDocument/>".repeat(50 * count)), "registro.xml", { mimeType: "application/xml" });
        let cms: Uint8Array | undefined;
        const sealed = await sealPdf(doc, { reason: "bench", location: "México", name: "Rúbrica", contactInfo: "bench", signingTime: new Date() }, async (content) => {
          cms = await createPadesCms({ content, certificateDer: new Uint8Array(seal.certificate.rawData), chainDer: [new Uint8Array(platform.issuing.certificate.rawData)], privateKey: seal.keys.privateKey, timestamp: async (v) => stamp(new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(v)))) });
          return cms;
        });
        return extendToLongTerm(doc, sealed, { cms: cms!, certificates: [seal.certificate, tsa.certificate, platform.issuing.certificate].map((c) => new Uint8Array(c.rawData)), authorities, stamp });
      });
      console.log(`${String(pages).padStart(5)}  ${String(count).padStart(7)}  ${floor.toFixed(1).padStart(14)} ms  ${sealed.toFixed(1).padStart(6)} ms  ${(sealed / floor).toFixed(2)}x`);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
