import { degrees, PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { drawPdfPage } from "./pdf-engine";
import { displayedPageSizes, PAGE_PNG, pagePng, pagePngs } from "./page-raster";

/** Letter upright, letter turned a quarter, and a page whose crop box shows only part of it. */
async function threePages(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]);
  pdf.addPage([612, 792]).setRotation(degrees(90));
  pdf.addPage([612, 792]).setCropBox(100, 200, 300, 400);
  return pdf.save();
}

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe("pages as pictures (MuPDF)", () => {
  it("measures each page as viewers show it: the crop box, turned by /Rotate", async () => {
    expect(await displayedPageSizes(await threePages())).toEqual([
      { width: 612, height: 792 },
      { width: 792, height: 612 },
      { width: 300, height: 400 },
    ]);
  });

  it("draws a page at the width asked, in the displayed page's proportions", async () => {
    const pdf = await threePages();
    const drawn = await pagePng(pdf, 2, 480);
    if (!drawn.ok) throw new Error(drawn.problem);
    const turned = drawn.png;
    expect(turned.subarray(1, 4).toString()).toBe("PNG");
    const size = pngSize(turned);
    expect(Math.abs(size.width - 480)).toBeLessThanOrEqual(1);
    expect(Math.abs(size.height - Math.round((480 * 612) / 792))).toBeLessThanOrEqual(1);
    const third = await pagePng(pdf, 3, 820);
    const cropped = pngSize(third.ok ? third.png : Buffer.alloc(24));
    expect(Math.abs(cropped.height - Math.round((820 * 400) / 300))).toBeLessThanOrEqual(1);
  });

  it("answers null for bytes that are not a PDF", async () => {
    expect(await displayedPageSizes(new TextEncoder().encode("not a pdf"))).toBeNull();
  });

  it("makes a page's narrower pictures by drawing them, not by scaling its wide drawing down (smaller: the phone's LCP picture)", async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([612, 792]);
    for (let line = 0; line < 30; line++) page.drawText(`${line + 1}. El arrendatario se obliga a pagar la renta pactada en el domicilio señalado.`, { x: 60, y: 680 - line * 18, size: 9, font });
    const bytes = await pdf.save();
    const wide = await drawPdfPage(bytes, 1, 2460);
    if (!wide.ok) throw new Error(wide.problem);

    const pictures = new Map(await pagePngs(bytes, 1, [820, 2460], wide));
    const direct = await pagePng(bytes, 1, 820);
    const scaled = await sharp(wide.pixels, { raw: { width: wide.width, height: wide.height, channels: 3 } }).resize({ width: 820 }).png(PAGE_PNG).toBuffer();
    const at820 = pictures.get(820);
    if (!at820?.ok || !direct.ok) throw new Error("not drawn");
    expect(at820.png.equals(direct.png)).toBe(true);
    // Why: the scaled one's softened edges cost the 256-colour PNG several times the bytes.
    expect(at820.png.length * 2).toBeLessThan(scaled.length);
    const at2460 = pictures.get(2460);
    expect(at2460?.ok && at2460.png.readUInt32BE(16)).toBe(wide.width);
  });
});
