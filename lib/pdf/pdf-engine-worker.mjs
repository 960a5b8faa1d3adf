// MuPDF (the `mupdf` package: MuPDF's own WebAssembly build, AGPL-3.0-or-later) in a worker
// thread for lib/pdf/pdf-engine.ts: page count and sizes, page pictures, and the plain copy of
// a PDF encrypted with an empty user password. MuPDF's work is synchronous WebAssembly, so
// only a thread of its own keeps the server answering, and only terminating that thread stops
// a page that draws for ever (a stream bomb). Loaded by Node from disk, past the bundler (see
// pdf-engine.ts), so plain JavaScript. Answers one message at a time.
import crypto from "node:crypto";
import { parentPort } from "node:worker_threads";
import { readyMessage } from "../runtime/ready-message.mjs";

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

/** ISO 32000-2 Algorithm 2.B, the hash of AES-256 (R6) passwords: SHA-256 rounds, at least 64. */
function hardenedHash(password, salt, userKey) {
  let k = crypto.createHash("sha256").update(Buffer.concat([password, salt, userKey])).digest();
  for (let round = 1; ; round++) {
    const k1 = Buffer.concat(Array(64).fill(Buffer.concat([password, k, userKey])));
    const cipher = crypto.createCipheriv("aes-128-cbc", k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false);
    const e = Buffer.concat([cipher.update(k1), cipher.final()]);
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i];
    k = crypto.createHash(["sha256", "sha384", "sha512"][sum % 3]).update(e).digest();
    if (round >= 64 && e[e.length - 1] <= round - 32) return k.subarray(0, 32);
  }
}

const aes256 = (encrypt, key, data) => {
  const cipher = (encrypt ? crypto.createCipheriv : crypto.createDecipheriv)("aes-256-cbc", key, Buffer.alloc(16)).setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
};

/**
 * An AES-256 (R6) file whose empty password is the owner's, not the user's (Bluebeam wrote the
 * corpus's pdfjs_pr6531_2.pdf so; qpdf and poppler open it, MuPDF 1.28 does not): the file key is
 * recovered with the owner password "" (/O, /OE), and the user entries (/U, /UE) are written
 * anew for the password "" over the same key, so that MuPDF opens the copy. Null when the
 * empty password is not the owner's either.
 */
function withEmptyOwnerPassword(doc) {
  const encrypt = doc.getTrailer().get("Encrypt");
  if (encrypt.get("R").asNumber() !== 6) return null;
  const [owner, user, ownerKey] = ["O", "U", "OE"].map((k) => Buffer.from(encrypt.get(k).asByteString()));
  if (owner.length < 48 || user.length < 48 || ownerKey.length < 32) return null;
  const none = Buffer.alloc(0);
  const userKey = user.subarray(0, 48);
  if (!hardenedHash(none, owner.subarray(32, 40), userKey).equals(owner.subarray(0, 32))) return null;
  const fileKey = aes256(false, hardenedHash(none, owner.subarray(40, 48), userKey), ownerKey.subarray(0, 32));
  const [validationSalt, keySalt] = [crypto.randomBytes(8), crypto.randomBytes(8)];
  encrypt.put("U", doc.newByteString(Buffer.concat([hardenedHash(none, validationSalt, none), validationSalt, keySalt])));
  encrypt.put("UE", doc.newByteString(aes256(true, hardenedHash(none, keySalt, none), fileKey)));
  const rekeyed = mupdf.Document.openDocument(doc.saveToBuffer("incremental").asUint8Array(), "application/pdf");
  if (rekeyed.authenticatePassword("")) return rekeyed;
  rekeyed.destroy();
  return null;
}

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
    if (doc.needsPassword() && !doc.authenticatePassword("")) {
      const rekeyed = withEmptyOwnerPassword(doc);
      if (!rekeyed) return { ok: false, problem: "needs-password" };
      doc.destroy();
      doc = rekeyed;
    }
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
parentPort.postMessage(readyMessage());
