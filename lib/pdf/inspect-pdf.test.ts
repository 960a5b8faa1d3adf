import fs from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { realworldPdf } from "@/test/realworld";
import { INSPECTION_LIMITS, inspectPdf, inspectionWorkersStarted } from "./inspect-pdf";

/**
 * A file whose inspection takes far longer than a 1 ms limit even in a warm worker (4,000 pages:
 * tens of milliseconds). With 37 pages a warm worker could answer before the main thread, busy on
 * a loaded machine, ran the limit's timer, and the test saw the answer instead of the limit.
 */
const SLOW_PAGES = 4_000;

async function pdfWith(pages: number, options: { useObjectStreams?: boolean } = {}) {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage();
  return pdf.save(options);
}

describe("inspectPdf", () => {
  it.each([1, 2, 37])("counts %i page(s)", async (pages) => {
    expect(await inspectPdf(await pdfWith(pages))).toEqual({ ok: true, pageCount: pages, signatures: 0, docMdp: null });
  });

  it("reads PDFs with and without object streams", async () => {
    expect(await inspectPdf(await pdfWith(2, { useObjectStreams: false }))).toMatchObject({ ok: true, pageCount: 2 });
  });

  it("accepts junk before the header, as PDF readers do (within 1 KiB)", async () => {
    const body = await pdfWith(1);
    const prefixed = Buffer.concat([Buffer.from("X".repeat(100)), Buffer.from(body)]);
    expect(await inspectPdf(prefixed)).toMatchObject({ ok: true });
  });

  it.each([
    ["text", Buffer.from("Hola, no soy un PDF")],
    ["empty bytes", Buffer.alloc(0)],
    ["a PNG", Buffer.from("89504e470d0a1a0a0000000d49484452", "hex")],
    ["a header after 1 KiB", Buffer.concat([Buffer.alloc(2048, 32), Buffer.from("%PDF-1.7")])],
  ])("says %s is not a PDF", async (_, bytes) => {
    expect(await inspectPdf(bytes)).toEqual({ ok: false, problem: "not-pdf" });
  });

  it("detects a password-protected PDF (qpdf, AES-256)", async () => {
    const encrypted = fs.readFileSync(path.resolve(import.meta.dirname, "../../test/fixtures/encrypted.pdf"));
    expect(await inspectPdf(encrypted)).toEqual({ ok: false, problem: "encrypted" });
  });

  it("stops an inspection that outlives its time limit (the worker is terminated)", async () => {
    expect(await inspectPdf(await pdfWith(SLOW_PAGES), { ...INSPECTION_LIMITS, timeoutMs: 1 })).toEqual({ ok: false, problem: "inflates-too-much" });
  });

  it("reuses a warm worker for the next file, and never one that hit a limit", { timeout: 60_000 }, async () => {
    const pdf = await pdfWith(2);
    await inspectPdf(pdf);
    const before = inspectionWorkersStarted();
    for (let i = 0; i < 5; i++) expect(await inspectPdf(pdf)).toMatchObject({ ok: true, pageCount: 2 });
    expect(inspectionWorkersStarted()).toBe(before);
    // Two at once: the pool holds two warm workers, so the next two files start none.
    await Promise.all([inspectPdf(pdf), inspectPdf(pdf)]);
    const warmPair = inspectionWorkersStarted();
    await Promise.all([inspectPdf(pdf), inspectPdf(pdf)]);
    expect(inspectionWorkersStarted()).toBe(warmPair);
    // A worker stopped by the time limit is terminated: the files after it still get answers.
    expect(await inspectPdf(await pdfWith(SLOW_PAGES), { ...INSPECTION_LIMITS, timeoutMs: 1 })).toEqual({ ok: false, problem: "inflates-too-much" });
    expect(await Promise.all([inspectPdf(pdf), inspectPdf(pdf), inspectPdf(pdf)])).toEqual(Array(3).fill({ ok: true, pageCount: 2, signatures: 0, docMdp: null }));
  });

  it("stops an inspection that outgrows its heap (the worker runs out of memory, not the server)", async () => {
    const huge = Buffer.from(`%PDF-1.7\n1 0 obj [${"0 ".repeat(3_000_000)}] endobj\ntrailer << /Root 1 0 R >>\n%%EOF`);
    expect(await inspectPdf(huge, { ...INSPECTION_LIMITS, maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 })).toEqual({ ok: false, problem: "inflates-too-much" });
  });

  it("calls a truncated or damaged file unreadable", async () => {
    const whole = await pdfWith(3);
    expect(await inspectPdf(whole.subarray(0, 200))).toEqual({ ok: false, problem: "unreadable" });
    expect(await inspectPdf(Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF"))).toMatchObject({ ok: false });
  });

  it.each([
    ["pyhanko_minimal-signed-twice-both-created.pdf", 2, null],
    ["pdfjs_bug854315.pdf", 1, null],
    ["pdfjs_xfa_filled_imm1344e.pdf", 2, 2], // the certification and Adobe's usage-rights (UR3) signature
  ] as const)("counts the signatures of %s (%i) and reads its DocMDP permission (%s)", async (name, signatures, docMdp) => {
    expect(await inspectPdf(realworldPdf(name))).toMatchObject({ ok: true, signatures, docMdp });
  });
});
