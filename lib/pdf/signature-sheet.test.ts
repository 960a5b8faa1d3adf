import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { degrees, PDFDocument, PDFName, PDFNumber } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { realworldPdf } from "@/test/realworld";
import { addSignatureSheet, addSignatureStamps, type SheetInput } from "./signature-sheet";

const fontDir = path.resolve(import.meta.dirname, "../../node_modules/dejavu-fonts-ttf/ttf");
const fonts = { regular: fs.readFileSync(path.join(fontDir, "DejaVuSans.ttf")), bold: fs.readFileSync(path.join(fontDir, "DejaVuSans-Bold.ttf")) };

const input = (signers = 2): SheetInput => ({
  fileName: "Contrato Ñandú.pdf",
  originalHash: "9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08",
  verifyUrl: "https://rubrica.example/verify?hash=9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08",
  locale: "es",
  timeZone: "America/Mexico_City",
  fonts,
  signers: Array.from({ length: signers }, (_, i) => ({
    name: i % 2 ? "JOSÉ ÁNGEL PEÑA ÍÑIGUEZ" : "BEGOÑA NÚÑEZ",
    rfc: "GODE561231GR8",
    curp: "BOXW310820HNERXN09",
    certificateNumber: "00001000000504465028",
    issuer: "AC DEL SERVICIO DE ADMINISTRACION TRIBUTARIA",
    signatureType: "EFIRMA",
    signature: "MIIB".repeat(80),
    signedAt: new Date("2026-11-22T18:30:00Z"),
    boxes: [{ page: 2, x: 0.1, y: 0.7, width: 0.35, height: 0.1 }],
  })),
});

async function twoPages() {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]);
  pdf.addPage([595, 842]);
  return pdf;
}

const textOf = (bytes: Uint8Array) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sheet-"));
  fs.writeFileSync(path.join(dir, "a.pdf"), bytes);
  return execFileSync("pdftotext", ["-enc", "UTF-8", path.join(dir, "a.pdf"), "-"], { encoding: "utf8" });
};

describe("signature sheet", () => {
  it("appends a page with every signer, accents intact, the hash and the verify URL", async () => {
    const pdf = await twoPages();
    await addSignatureSheet(pdf, input());
    expect(pdf.getPageCount()).toBe(3);
    const text = textOf(await pdf.save());
    expect(text).toContain("Hoja de firmas");
    expect(text).toContain("Contrato Ñandú.pdf");
    expect(text).toContain("BEGOÑA NÚÑEZ");
    expect(text).toContain("JOSÉ ÁNGEL PEÑA ÍÑIGUEZ");
    expect(text).toContain("RFC GODE******GR8");
    expect(text).toContain("9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08");
    expect(text).toMatch(/22 de noviembre de 2026.*12:30:00/);
  });

  it("abuse: anyone holding the sealed PDF reads no signer's full RFC or CURP, a legal representative's neither: first 4 and last 3 only", async () => {
    const pdf = await twoPages();
    const sheet = input(1);
    sheet.signers[0]!.representative = { rfc: "PEPJ800101AB1", curp: "PEPJ800101HDFRRN05" };
    await addSignatureSheet(pdf, sheet);
    const text = textOf(await pdf.save());
    for (const whole of ["GODE561231GR8", "BOXW310820HNERXN09", "PEPJ800101AB1", "PEPJ800101HDFRRN05", "561231", "310820"]) expect(text).not.toContain(whole);
    expect(text).toContain("RFC GODE******GR8");
    expect(text).toContain("CURP BOXW***********N09");
    expect(text).toContain("RFC PEPJ******AB1");
    expect(text).toContain("CURP PEPJ***********N05");
  });

  it("speaks to people: the certificate's name, the zone's name and tú, never our codes or GMT offsets", async () => {
    const pdf = await twoPages();
    await addSignatureSheet(pdf, input(1));
    await addSignatureStamps(pdf, input(1));
    const text = textOf(await pdf.save());
    expect(text).toContain("Firmado con e.firma (SAT)");
    expect(text).toContain("hora del centro");
    expect(text).not.toContain("hora estándar");
    expect(text).toContain("Verifica este documento en");
    expect(text).not.toMatch(/EFIRMA|GMT|America\/Mexico_City|Verifique/);
  });

  it("keeps the signer's lines clear of the autograph", async () => {
    const pdf = await twoPages();
    const withAutograph = input(1);
    // A 1×1 PNG is enough: the column narrows whenever there is an autograph.
    withAutograph.signers[0]!.autograph = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    withAutograph.signers[0]!.issuer = "AUTORIDAD CERTIFICADORA DEL SERVICIO DE ADMINISTRACION TRIBUTARIA";
    await addSignatureSheet(pdf, withAutograph);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sheet-"));
    fs.writeFileSync(path.join(dir, "a.pdf"), await pdf.save());
    // pdftotext -bbox: every word's box on the sheet page; none of the signer block may reach the autograph's column.
    const html = execFileSync("pdftotext", ["-f", "3", "-l", "3", "-bbox", path.join(dir, "a.pdf"), "-"], { encoding: "utf8" });
    const words = [...html.matchAll(/xMax="([\d.]+)"[^>]*>([^<]*)</g)].map((m) => ({ right: Number(m[1]), word: m[2]! }));
    const block = words.slice(words.findIndex((w) => w.word === "BEGOÑA"), words.findIndex((w) => w.word === "Firma:"));
    const rights = block.map((w) => w.right);
    expect(rights.length).toBeGreaterThan(10);
    expect(Math.max(...rights)).toBeLessThanOrEqual(612 - 48 - 140 + 1);
  });

  it("continues on more pages when there are many signers", async () => {
    const pdf = await twoPages();
    await addSignatureSheet(pdf, input(10));
    expect(pdf.getPageCount()).toBeGreaterThan(3);
    const text = textOf(await pdf.save());
    expect(text.match(/Firma:/g)).toHaveLength(10);
  });

  it("draws a signer's autograph on the sheet", async () => {
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64");
    const pdf = await twoPages();
    const withAutograph = input(2);
    withAutograph.signers[0]!.autograph = png;
    await addSignatureSheet(pdf, withAutograph);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sheet-"));
    fs.writeFileSync(path.join(dir, "a.pdf"), await pdf.save());
    const images = execFileSync("pdfimages", ["-list", "-f", "3", "-l", "3", path.join(dir, "a.pdf")], { encoding: "utf8" });
    expect(images.trim().split("\n").slice(2)).toHaveLength(1);
  });

  it("stamps custom boxes on the page they name", async () => {
    const pdf = await twoPages();
    await addSignatureStamps(pdf, input(1));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stamp-"));
    fs.writeFileSync(path.join(dir, "a.pdf"), await pdf.save());
    const page2 = execFileSync("pdftotext", ["-f", "2", "-l", "2", "-enc", "UTF-8", path.join(dir, "a.pdf"), "-"], { encoding: "utf8" });
    const page1 = execFileSync("pdftotext", ["-f", "1", "-l", "1", "-enc", "UTF-8", path.join(dir, "a.pdf"), "-"], { encoding: "utf8" });
    expect(page2).toContain("BEGOÑA NÚÑEZ");
    expect(page1).not.toContain("BEGOÑA");
  });
});

describe("stamps on rotated pages", () => {
  const box = { x: 0.1, y: 0.15, width: 0.45, height: 0.12 };
  const DPI = 50;

  /**
   * Renders each page as a viewer shows it (the crop box, turned by /Rotate) and returns the bounding
   * box of the stamp's brand-coloured border pixels, as fractions of the displayed page.
   */
  async function stampFractions(bytes: Uint8Array, pages: number) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rotated-"));
    fs.writeFileSync(path.join(dir, "a.pdf"), bytes);
    execFileSync("pdftoppm", ["-r", String(DPI), "-cropbox", "-png", path.join(dir, "a.pdf"), path.join(dir, "p")]);
    const files = fs.readdirSync(dir).filter((f) => f.endsWith(".png")).sort();
    expect(files).toHaveLength(pages);
    const out = [];
    for (const file of files) {
      const { data, info } = await sharp(path.join(dir, file)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      let [minX, minY, maxX, maxY] = [Infinity, Infinity, -1, -1];
      for (let y = 0; y < info.height; y++)
        for (let x = 0; x < info.width; x++) {
          const [r, g, b] = [data[(y * info.width + x) * 3]!, data[(y * info.width + x) * 3 + 1]!, data[(y * info.width + x) * 3 + 2]!];
          // BRAND (0.62, 0.07, 0.22) ≈ (158, 18, 56), blended with the pale fill at this resolution.
          if (r > 120 && g < 150 && r - g > 70 && r - b > 50) [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
        }
      out.push({ landscape: info.width > info.height, x: minX / info.width, y: minY / info.height, right: (maxX + 1) / info.width, bottom: (maxY + 1) / info.height });
    }
    fs.rmSync(dir, { recursive: true, force: true });
    return out;
  }

  const layoutText = (bytes: Uint8Array, page: number) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rotated-"));
    fs.writeFileSync(path.join(dir, "a.pdf"), bytes);
    const text = execFileSync("pdftotext", ["-layout", "-f", String(page), "-l", String(page), "-enc", "UTF-8", path.join(dir, "a.pdf"), "-"], { encoding: "utf8" });
    fs.rmSync(dir, { recursive: true, force: true });
    return text;
  };

  const expectAtBox = (found: { x: number; y: number; right: number; bottom: number }) => {
    // Within 2 pixels at 50 dpi of where the owner put the box on the displayed page.
    const tolerance = 2 / ((792 / 72) * DPI);
    expect(Math.abs(found.x - box.x)).toBeLessThan(tolerance * 1.5);
    expect(Math.abs(found.y - box.y)).toBeLessThan(tolerance * 1.5);
    expect(Math.abs(found.right - (box.x + box.width))).toBeLessThan(tolerance * 1.5);
    expect(Math.abs(found.bottom - (box.y + box.height))).toBeLessThan(tolerance * 1.5);
  };

  it("puts the stamp where the box is on the page as displayed, upright, for /Rotate 0, 90, 180 and 270", async () => {
    const pdf = await PDFDocument.create();
    for (const angle of [0, 90, 180, 270]) pdf.addPage([612, 792]).setRotation(degrees(angle));
    const stamped = input(1);
    stamped.signers[0]!.boxes = [1, 2, 3, 4].map((page) => ({ page, ...box }));
    await addSignatureStamps(pdf, stamped);
    const bytes = await pdf.save();
    const found = await stampFractions(bytes, 4);
    expect(found.map((f) => f.landscape)).toEqual([false, true, false, true]);
    for (const f of found) expectAtBox(f);
    // Upright: pdftotext -layout reads the name left to right on every page.
    for (const page of [1, 2, 3, 4]) expect(layoutText(bytes, page)).toContain("BEGOÑA NÚÑEZ");
  });

  it("follows a /Rotate inherited from the page tree, and a crop box that does not start at 0 0", async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]);
    pdf.addPage([612, 792]).setCropBox(100, 50, 400, 600);
    pdf.catalog.Pages().set(PDFName.of("Rotate"), PDFNumber.of(90));
    const stamped = input(1);
    stamped.signers[0]!.boxes = [1, 2].map((page) => ({ page, ...box }));
    await addSignatureStamps(pdf, stamped);
    const bytes = await pdf.save();
    const found = await stampFractions(bytes, 2);
    expect(found.map((f) => f.landscape)).toEqual([true, true]);
    expectAtBox(found[0]!);
    const cropTolerance = 2 / ((400 / 72) * DPI);
    expect(Math.abs(found[1]!.x - box.x)).toBeLessThan(cropTolerance * 1.5);
    expect(Math.abs(found[1]!.bottom - (box.y + box.height))).toBeLessThan(cropTolerance * 1.5);
    for (const page of [1, 2]) expect(layoutText(bytes, page)).toContain("BEGOÑA NÚÑEZ");
  });

  it("stamps the real files with inherited and per-page rotation", async () => {
    for (const name of ["qpdf_inherited-rotate.pdf", "samplefiles_habibi-rotated.pdf"]) {
      const pdf = await PDFDocument.load(realworldPdf(name), { updateMetadata: false });
      const count = pdf.getPageCount();
      const stamped = input(1);
      stamped.signers[0]!.boxes = Array.from({ length: count }, (_, i) => ({ page: i + 1, ...box }));
      await addSignatureStamps(pdf, stamped);
      const bytes = await pdf.save();
      const found = await stampFractions(bytes, count);
      for (const [i, f] of found.entries()) {
        expect(Math.abs(f.x - box.x), `${name} page ${i + 1}`).toBeLessThan(0.01);
        expect(Math.abs(f.y - box.y), `${name} page ${i + 1}`).toBeLessThan(0.01);
        expect(Math.abs(f.bottom - (box.y + box.height)), `${name} page ${i + 1}`).toBeLessThan(0.01);
        expect(layoutText(bytes, i + 1), `${name} page ${i + 1}`).toContain("BEGOÑA NÚÑEZ");
      }
    }
  });
});
