import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { manyPagesPdf, streamBombPdf, tallPagePdf } from "@/test/hostile-pdfs";
import { realworldPdf } from "@/test/realworld";
import { decryptPdf, drawPdfPage, MAX_PICTURE_PIXELS, MAX_PICTURE_SIDE, measurePdf, PDF_ENGINE_LIMITS, pdfEngineStats } from "./pdf-engine";

/** The longest the event loop went without running a timer while `work` ran. */
async function longestStall<T>(work: Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 10);
  try {
    const result = await work;
    return { result, stallMs };
  } finally {
    clearInterval(tick);
  }
}

describe("the PDF engine (MuPDF in worker threads)", () => {
  it("counts the 20,000-page file without walking its pages above the limit, and measures them all off the main thread", async () => {
    const pdf = manyPagesPdf();
    const counted = await measurePdf(pdf, 2000);
    expect(counted).toMatchObject({ ok: true, pageCount: 20_000, sizes: null });
    // poppler's pdfinfo output, read with one regex per page, held the process for 23 s here.
    const { result, stallMs } = await longestStall(measurePdf(pdf, Number.MAX_SAFE_INTEGER));
    expect(result.ok && result.sizes?.length).toBe(40_000);
    expect(result.ok && [...result.sizes!.subarray(-2)]).toEqual([612, 792]);
    // The bar for /api/health (a second); the stall measured here is tens of milliseconds.
    expect(stallMs).toBeLessThan(1000);
  }, 60_000);

  it("draws a page 14 points wide and 14,400 tall within the pixel cap whatever width is asked", async () => {
    for (const width of [820, 2460]) {
      const drawn = await drawPdfPage(tallPagePdf(), 1, width);
      if (!drawn.ok) throw new Error(drawn.problem);
      expect(drawn.width * drawn.height).toBeLessThanOrEqual(MAX_PICTURE_PIXELS);
      expect(drawn.height).toBeLessThanOrEqual(MAX_PICTURE_SIDE);
      expect(drawn.pixels.length).toBe(drawn.width * drawn.height * 3);
    }
  }, 60_000);

  it("stops a page that inflates to 300 MB of drawing at the deadline, with bounded memory, and never runs more than its threads at once", async () => {
    const bomb = await streamBombPdf();
    const deadline = PDF_ENGINE_LIMITS.timeoutMs;
    PDF_ENGINE_LIMITS.timeoutMs = 1500;
    const rssBefore = process.memoryUsage.rss();
    let rssPeak = rssBefore;
    const sample = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 50);
    try {
      const before = pdfEngineStats();
      // 16 requests for 16 pages of the bomb at once, as a signing page's scrolling could send them.
      const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => drawPdfPage(bomb, i + 1, 820)));
      expect(answers.map((a) => (a.ok ? "drawn" : a.problem))).toEqual(Array(16).fill("too-slow"));
      expect(pdfEngineStats().mostAtOnce).toBeLessThanOrEqual(PDF_ENGINE_LIMITS.workers);
      // Each stopped thread is replaced, never more than the pool's size at a time.
      expect(pdfEngineStats().started - before.started).toBeLessThanOrEqual(16 + PDF_ENGINE_LIMITS.workers);
      expect(rssPeak - rssBefore).toBeLessThan(PDF_ENGINE_LIMITS.memoryMb * 1024 * 1024);
    } finally {
      clearInterval(sample);
      PDF_ENGINE_LIMITS.timeoutMs = deadline;
    }
  }, 120_000);

  // Issue 63: the signing page's pictures wait in their own fair lane (lib/runtime/fair-queue.ts).
  it("abuse: a flood of one document's pictures is refused past its share of the queue, and a picture whose client left is dropped or stopped", async () => {
    const bomb = await streamBombPdf(60, 40);
    const client = new AbortController();
    const flood = Array.from({ length: 12 }, (_, i) => drawPdfPage(bomb, i + 1, 820, "bomb", { tenant: "a", signal: client.signal }));
    // One running, PDF_ENGINE_LIMITS.pictureQueuePerDocument waiting, the rest refused at once.
    const refused = flood.slice(1 + PDF_ENGINE_LIMITS.pictureQueuePerDocument);
    expect((await Promise.all(refused)).map((a) => (a.ok ? "drawn" : a.problem))).toEqual(Array(refused.length).fill("busy"));
    // The client leaves: those waiting leave the queue, the one drawing has its thread stopped.
    client.abort();
    const answers = await Promise.all(flood.slice(0, 1 + PDF_ENGINE_LIMITS.pictureQueuePerDocument));
    expect(answers.map((a) => (a.ok ? "drawn" : a.problem))).toEqual(Array(answers.length).fill("aborted"));
    expect(pdfEngineStats().waiting).toBe(0);
    expect(pdfEngineStats().mostPicturesAtOnce).toBe(1);
    // Nothing is left behind: the next picture is drawn.
    expect((await drawPdfPage(tallPagePdf(), 1, 480, "tall", { tenant: "b" })).ok).toBe(true);
  }, 60_000);

  it("abuse: an upload's measuring is answered while pictures of two tenants' bombs hold the pictures' threads", async () => {
    const bomb = await streamBombPdf(60, 4);
    const client = new AbortController();
    let picturesDone = false;
    const pictures = Promise.all([drawPdfPage(bomb, 2, 820, "bomb-a", { tenant: "a", signal: client.signal }), drawPdfPage(bomb, 3, 820, "bomb-b", { tenant: "b", signal: client.signal })]).then((all) => {
      picturesDone = true;
      return all;
    });
    const measured = await measurePdf(tallPagePdf(), 10);
    expect(measured.ok).toBe(true);
    expect(picturesDone).toBe(false);
    client.abort();
    expect((await pictures).map((a) => (a.ok ? "drawn" : a.problem))).toEqual(["aborted", "aborted"]);
  }, 60_000);

  it("makes the plain copy of a PDF encrypted with an empty user password, and refuses one that needs a password", async () => {
    const plain = await decryptPdf(realworldPdf("pdfjs_empty_protected.pdf"));
    if (!plain.ok) throw new Error(plain.problem);
    expect(Buffer.from(plain.bytes).includes("/Encrypt")).toBe(false);
    expect(await measurePdf(plain.bytes, 10)).toMatchObject({ ok: true, encrypted: false, pageCount: 1 });
    expect(await decryptPdf(realworldPdf("samplefiles_libreoffice-writer-password.pdf"))).toEqual({ ok: false, problem: "needs-password" });
  }, 60_000);

  it("decrypts Bluebeam's AES-256 file whose empty password is the owner's, which MuPDF alone refuses", async () => {
    const plain = await decryptPdf(realworldPdf("pdfjs_pr6531_2.pdf"));
    if (!plain.ok) throw new Error(plain.problem);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bluebeam-"));
    fs.writeFileSync(path.join(dir, "plain.pdf"), plain.bytes);
    // poppler, as an independent reader: no encryption left, and the annotation's text as written.
    expect(execFileSync("pdfinfo", [path.join(dir, "plain.pdf")], { encoding: "utf8" })).toMatch(/^Encrypted:\s+no$/m);
    expect(execFileSync("pdftotext", [path.join(dir, "plain.pdf"), "-"], { encoding: "utf8" })).toContain("Bluebeam should be encrypting this.");
  }, 60_000);

  it("answers unreadable for bytes that are not a PDF", async () => {
    expect(await measurePdf(new TextEncoder().encode("not a pdf"), 10)).toEqual({ ok: false, problem: "unreadable" });
  });
});
