import { degrees, PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { displayedPageSizes, pagePng } from "./page-raster";

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
});
