import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, PDFName, PDFRef, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { realworldPdf } from "@/test/realworld";
import { continueIncrementalUpdate, loadForIncrementalUpdate, locateLastXref, saveIncrementalUpdate } from "./incremental-update";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "incremental-"));
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");
const isPrefix = (original: Uint8Array, updated: Uint8Array) => Buffer.from(updated.subarray(0, original.byteLength)).equals(Buffer.from(original));

async function plainPdf(options: { useObjectStreams: boolean }) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([400, 300]).drawText("Original", { x: 20, y: 250, font, size: 12 });
  pdf.addPage([400, 300]);
  return pdf.save(options);
}

/** The update alone: what follows the original bytes. */
const appended = (original: Uint8Array, updated: Uint8Array) => text(updated.subarray(original.byteLength));

const pdftotext = (bytes: Uint8Array, name: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
};

describe("incremental update", () => {
  it.each([
    [false, "table"],
    [true, "stream"],
  ] as const)("appends a section of the original's kind (object streams: %s → xref %s) with /Prev at the original's", async (useObjectStreams, kind) => {
    const original = await plainPdf({ useObjectStreams });
    const last = locateLastXref(original);
    expect(last.kind).toBe(kind);
    const doc = await loadForIncrementalUpdate(original);
    const font = await doc.pdf.embedFont(StandardFonts.Helvetica);
    doc.pdf.getPages()[1]!.drawText("Añadido", { x: 20, y: 250, font, size: 12 });
    const updated = await saveIncrementalUpdate(doc);
    expect(isPrefix(original, updated)).toBe(true);
    const update = appended(original, updated);
    expect(update).toContain(`/Prev ${last.offset}`);
    expect(locateLastXref(updated)).toMatchObject({ kind });
    if (kind === "table") expect(update).toMatch(/\nxref\n[\s\S]*trailer\n<<[\s\S]*\/Root \d+ 0 R/);
    else expect(update).toMatch(/\/Type \/XRef/);
    const read = pdftotext(updated, `${kind}.pdf`);
    expect(read).toContain("Original");
    expect(read).toContain("Añadido");
  });

  it.each([false, true])("continues with a second update without parsing again (object streams: %s), writing only the new objects", async (useObjectStreams) => {
    const original = await plainPdf({ useObjectStreams });
    const doc = await loadForIncrementalUpdate(original);
    doc.pdf.addPage([400, 300]);
    const first = await saveIncrementalUpdate(doc);
    const next = continueIncrementalUpdate(doc, first);
    next.pdf.catalog.set(PDFName.of("Marker"), next.pdf.context.register(next.pdf.context.obj({ Seen: true })));
    const second = await saveIncrementalUpdate(next);
    expect(isPrefix(first, second)).toBe(true);
    const update = appended(first, second);
    expect(update).toContain("/Marker");
    expect(update).not.toContain("/Type /Page\n"); // the page added before is not written again
    expect(update).toMatch(new RegExp(`/Prev ${locateLastXref(first).offset}\\b`));
    const file = path.join(dir, `continued-${useObjectStreams}.pdf`);
    fs.writeFileSync(file, second);
    expect(execFileSync("qpdf", ["--check", file], { encoding: "utf8" })).toContain("No syntax or stream encoding errors found");
    expect((await PDFDocument.load(second)).getPageCount()).toBe(3);
  });

  it("continues from the last save's fingerprints: a third update from the first handle writes only what changed since the second, and a change made between a save and continuing is written", async () => {
    const original = await plainPdf({ useObjectStreams: false });
    const doc = await loadForIncrementalUpdate(original);
    doc.pdf.addPage([400, 300]);
    const first = await saveIncrementalUpdate(doc);
    doc.pdf.catalog.set(PDFName.of("Late"), PDFName.of("Yes"));
    const second = continueIncrementalUpdate(doc, first);
    second.pdf.catalog.set(PDFName.of("Marker"), second.pdf.context.register(second.pdf.context.obj({ Seen: true })));
    const secondBytes = await saveIncrementalUpdate(second);
    expect(appended(first, secondBytes)).toContain("/Late /Yes");
    const third = continueIncrementalUpdate(doc, secondBytes);
    third.pdf.catalog.set(PDFName.of("Other"), PDFName.of("Yes"));
    const update = appended(secondBytes, await saveIncrementalUpdate(third));
    expect(update).toContain("/Other /Yes");
    expect(update).not.toContain("/Seen");
  });

  it("writes only what changed: an untouched document gets an update with no objects", async () => {
    const original = await plainPdf({ useObjectStreams: false });
    const updated = await saveIncrementalUpdate(await loadForIncrementalUpdate(original));
    expect(appended(original, updated)).not.toMatch(/\d+ \d+ obj/);
  });

  it("rewrites a changed page and the page tree, not the unchanged page or its content", async () => {
    const original = await plainPdf({ useObjectStreams: false });
    const doc = await loadForIncrementalUpdate(original);
    const [first, second] = doc.pdf.getPages();
    doc.pdf.addPage([400, 300]);
    const update = appended(original, await saveIncrementalUpdate(doc));
    const written = [...update.matchAll(/(\d+) 0 obj/g)].map((m) => Number(m[1]));
    expect(written).toContain((doc.pdf.catalog.get(PDFName.of("Pages")) as PDFRef).objectNumber);
    expect(written).not.toContain(first!.ref.objectNumber);
    expect(written).not.toContain(second!.ref.objectNumber);
  });

  it("keeps the file's first /ID and gives the update a new second one", async () => {
    const original = realworldPdf("pdf20_simple-pdf20.pdf");
    const id = /\/ID\s*\[\s*<([0-9a-fA-F]+)>/.exec(text(original))![1]!;
    const update = appended(original, await saveIncrementalUpdate(await loadForIncrementalUpdate(original)));
    const [, first, second] = /\/ID \[ ?<([0-9A-Fa-f]+)> ?<([0-9A-Fa-f]+)> ?\]/.exec(update)!;
    expect(first!.toUpperCase()).toBe(id.toUpperCase());
    expect(second).not.toBe(first);
  });

  it("counts offsets from the header when the file does (bytes before %PDF-)", async () => {
    const original = realworldPdf("pdf20_with-offset-start.pdf");
    expect(locateLastXref(original).base).toBeGreaterThan(0);
    const doc = await loadForIncrementalUpdate(original);
    doc.pdf.addPage([400, 300]);
    const updated = await saveIncrementalUpdate(doc);
    const last = locateLastXref(updated);
    expect(last.base).toBe(locateLastXref(original).base);
    expect(text(updated.subarray(last.base + last.offset, last.base + last.offset + 4))).toBe("xref");
    expect(execFileSync("pdfinfo", [(fs.writeFileSync(path.join(dir, "offset.pdf"), updated), path.join(dir, "offset.pdf"))], { encoding: "utf8" })).toMatch(/Pages:\s+2\n/);
  });
});
