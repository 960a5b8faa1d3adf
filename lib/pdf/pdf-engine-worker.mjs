// MuPDF (the `mupdf` package: MuPDF's own WebAssembly build, AGPL-3.0-or-later) in a worker
// thread for lib/pdf/pdf-engine.ts: page count and sizes, page pictures, and the plain copy of
// a PDF encrypted with an empty user password. MuPDF's work is synchronous WebAssembly, so
// only a thread of its own keeps the server answering, and only terminating that thread stops
// a page that draws for ever (a stream bomb). Loaded by Node from disk, past the bundler (see
// pdf-engine.ts), so plain JavaScript. Answers one message at a time.
import { parentPort } from "node:worker_threads";

// MuPDF writes a line to stderr for every repair it makes ("trying to repair broken xref",
// "invalid key in dict"): thousands for one damaged upload, none of them ours to act on. Its
// loader reads this object for the Emscripten module's settings.
globalThis.$libmupdf_wasm_Module = { print() {}, printErr() {} };
const mupdf = await import("mupdf");

// The last file opened stays open: a signing page asks for its pages one after another, and
// opening a large file again costs more than drawing a page.
let open = { key: null, doc: null };

function openDocument(bytes, key) {
  if (key && open.key === key) return open.doc;
  open.doc?.destroy();
  open = { key: null, doc: null };
  const doc = mupdf.Document.openDocument(bytes, "application/pdf");
  if (doc.needsPassword() && !doc.authenticatePassword("")) {
    doc.destroy();
    return null;
  }
  if (key) open = { key, doc };
  return doc;
}

const release = (doc, key) => {
  if (!key) doc.destroy();
};

/** Runs `work` on a freshly opened file (closed after), opened with the empty password if encrypted. */
function withDocument(bytes, work) {
  let doc;
  try {
    doc = mupdf.Document.openDocument(bytes, "application/pdf");
  } catch {
    return { ok: false, problem: "unreadable" };
  }
  try {
    const encrypted = doc.needsPassword() || !doc.getTrailer().get("Encrypt").isNull();
    if (doc.needsPassword() && !doc.authenticatePassword("")) return { ok: false, problem: "needs-password" };
    return work(doc, encrypted);
  } catch {
    return { ok: false, problem: "unreadable" };
  } finally {
    doc.destroy();
  }
}

/** Each page's displayed box (the crop box turned by /Rotate) in one pass over the page tree. */
function measure({ bytes, maxPages }) {
  return withDocument(bytes, (doc, encrypted) => {
    const pageCount = doc.countPages();
    if (pageCount === 0) return { ok: false, problem: "empty" };
    // Above the limit the count alone answers: the upload is refused without walking the pages.
    if (pageCount > maxPages) return { ok: true, encrypted, pageCount, sizes: null };
    const sizes = new Float64Array(pageCount * 2);
    for (let i = 0; i < pageCount; i++) {
      const page = doc.loadPage(i);
      const [x0, y0, x1, y1] = page.getBounds();
      page.destroy();
      sizes[2 * i] = x1 - x0;
      sizes[2 * i + 1] = y1 - y0;
    }
    return { ok: true, encrypted, pageCount, sizes };
  });
}

/**
 * One page drawn `width` pixels wide, as raw RGB, scaled down further so that it holds at most
 * maxPixels pixels and no side is longer than maxSide, whatever the page's shape.
 */
function render({ bytes, key, page, width, maxPixels, maxSide }) {
  const doc = openDocument(bytes, key);
  if (!doc) return { ok: false, problem: "needs-password" };
  let loaded;
  try {
    if (page < 1 || page > doc.countPages()) return { ok: false, problem: "no-page" };
    loaded = doc.loadPage(page - 1);
    const [x0, y0, x1, y1] = loaded.getBounds();
    const [w, h] = [Math.max(x1 - x0, 1e-3), Math.max(y1 - y0, 1e-3)];
    let scale = width / w;
    scale = Math.min(scale, Math.sqrt(maxPixels / (w * h)), maxSide / w, maxSide / h);
    const pixmap = loaded.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    const answer = { ok: true, width: pixmap.getWidth(), height: pixmap.getHeight(), pixels: new Uint8Array(pixmap.getPixels()) };
    pixmap.destroy();
    return answer;
  } catch {
    return { ok: false, problem: "unreadable" };
  } finally {
    loaded?.destroy();
    release(doc, key);
  }
}

/** A plain copy of a file that opens with an empty user password; the same bytes when it is not encrypted. */
function decrypt({ bytes }) {
  return withDocument(bytes, (doc) => ({ ok: true, bytes: new Uint8Array(doc.saveToBuffer("encrypt=none").asUint8Array()) }));
}

const operations = { measure, render, decrypt };

parentPort.on("message", (task) => {
  const answer = operations[task.op](task);
  const transfer = answer.pixels ? [answer.pixels.buffer] : answer.sizes ? [answer.sizes.buffer] : answer.bytes ? [answer.bytes.buffer] : [];
  parentPort.postMessage(answer, transfer);
});
parentPort.postMessage("ready");
