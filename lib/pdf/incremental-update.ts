import { createHash, randomBytes } from "node:crypto";
import {
  PDFArray,
  PDFCrossRefSection,
  PDFCrossRefStream,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFStream,
  PDFTrailer,
  PDFTrailerDict,
  type PDFDict,
  type PDFObject,
} from "pdf-lib";

/**
 * A PDF opened for an incremental update (PDF 32000-1 §7.5.6): the original bytes are kept as
 * they came, and saving appends only the objects that are new or whose serialization changed,
 * then a cross-reference section whose /Prev points to the original's last one. Signatures the
 * file already carries cover byte ranges of the original, so they stay valid.
 *
 * Change detection compares each object's serialization at load with the one at save, rather
 * than trusting every pdf-lib call (and @signpdf's, and ours) to mark what it touched: a missed
 * mark would silently drop a change, a fingerprint cannot.
 */
export type IncrementalPdf = {
  pdf: PDFDocument;
  original: Uint8Array;
  /** "n g" → fingerprint of the object as pdf-lib serialized it right after loading. */
  fingerprints: Map<string, string>;
  /** The original's last cross-reference section: where it starts and what kind it is. */
  lastXref: { offset: number; kind: "table" | "stream" };
  /** Bytes before "%PDF-": offsets inside the file count from the header, so ours must too. */
  base: number;
};

/** Per document, the fingerprints of every object as the last saveIncrementalUpdate wrote or kept it. */
const lastSaved = new WeakMap<PDFDocument, Map<string, string>>();

export async function loadForIncrementalUpdate(original: Uint8Array, options: { throwOnInvalidObject?: boolean } = {}): Promise<IncrementalPdf> {
  const pdf = await PDFDocument.load(original, { updateMetadata: false, throwOnInvalidObject: options.throwOnInvalidObject ?? false });
  const fingerprints = new Map<string, string>();
  for (const [ref, object] of pdf.context.enumerateIndirectObjects()) fingerprints.set(key(ref), fingerprint(object));
  // New objects must not reuse a number the original's xref lists (even as free): start above /Size.
  const size = declaredSize(original);
  if (size !== null && size - 1 > pdf.context.largestObjectNumber) pdf.context.largestObjectNumber = size - 1;
  const { offset, kind, base } = locateLastXref(original);
  return { pdf, original, fingerprints, lastXref: { offset, kind }, base };
}

/**
 * The same document opened for one more update on top of `saved` (what saveIncrementalUpdate
 * returned, possibly with a signature's /ByteRange and /Contents filled in place, as @signpdf
 * does without changing a length): the objects pdf-lib already holds are taken as they are,
 * rather than parsing the whole file again. The in-memory signature dictionary keeps its
 * placeholder; it is never written again, since only objects changed after this call are.
 */
export function continueIncrementalUpdate(doc: IncrementalPdf, saved: Uint8Array): IncrementalPdf {
  // The save just fingerprinted every object: taking those, rather than fingerprinting again
  // (a pass over the whole document), also means a change made after that save is still written.
  const known = lastSaved.get(doc.pdf);
  const fingerprints = known ?? new Map<string, string>();
  if (!known) for (const [ref, object] of doc.pdf.context.enumerateIndirectObjects()) fingerprints.set(key(ref), fingerprint(object));
  const { offset, kind } = locateLastXref(saved);
  return { pdf: doc.pdf, original: saved, fingerprints, lastXref: { offset, kind }, base: doc.base };
}

/** The original followed by one incremental update holding every new or changed object. */
export async function saveIncrementalUpdate(doc: IncrementalPdf): Promise<Uint8Array> {
  const { pdf, original, fingerprints, base } = doc;
  // Fonts, images and attachments are embedded into the context lazily, on flush.
  await pdf.flush();
  const { context } = pdf;
  const current = new Map<string, string>();
  const changed: [PDFRef, PDFObject][] = [];
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    const [name, print] = [key(ref), fingerprint(object)];
    current.set(name, print);
    if (fingerprints.get(name) !== print) changed.push([ref, object]);
  }
  lastSaved.set(pdf, current);

  const chunks: Uint8Array[] = [];
  let length = original.byteLength;
  const push = (bytes: Uint8Array) => {
    chunks.push(bytes);
    length += bytes.byteLength;
  };
  // The update starts on a line of its own, whatever the original ended with.
  const last = original[original.byteLength - 1];
  if (last !== 0x0a && last !== 0x0d) push(latin1("\n"));
  const offsets = new Map<number, { ref: PDFRef; offset: number }>();
  for (const [ref, object] of changed) {
    offsets.set(ref.objectNumber, { ref, offset: length - base });
    push(indirectObjectBytes(ref, object));
  }

  const trailer = trailerEntries(pdf);
  const entries = [...offsets.values()].sort((a, b) => a.ref.objectNumber - b.ref.objectNumber);
  if (doc.lastXref.kind === "stream") {
    const streamRef = context.nextRef();
    const dict = context.obj({}) as PDFDict;
    for (const [name, value] of Object.entries(trailer)) if (value) dict.set(PDFName.of(name), value);
    dict.set(PDFName.of("Size"), PDFNumber.of(streamRef.objectNumber + 1));
    dict.set(PDFName.of("Prev"), PDFNumber.of(doc.lastXref.offset));
    // Entries in ascending object number; PDFCrossRefStream starts with the free head, object 0.
    // Not deflated: an update's few entries are a couple of hundred bytes, and setting up a
    // deflate stream (pako's tables) cost more than writing them (§7.5.8 allows no filter).
    const xref = PDFCrossRefStream.create(dict, false);
    for (const { ref, offset } of entries) xref.addUncompressedEntry(ref, offset);
    const xrefOffset = length - base;
    xref.addUncompressedEntry(streamRef, xrefOffset);
    push(indirectObjectBytes(streamRef, xref));
    push(latin1(`startxref\n${xrefOffset}\n%%EOF\n`));
  } else {
    const section = PDFCrossRefSection.create();
    for (const { ref, offset } of entries) section.addEntry(ref, offset);
    const xrefOffset = length - base;
    const dict = context.obj({}) as PDFDict;
    for (const [name, value] of Object.entries(trailer)) if (value) dict.set(PDFName.of(name), value);
    dict.set(PDFName.of("Size"), PDFNumber.of(context.largestObjectNumber + 1));
    dict.set(PDFName.of("Prev"), PDFNumber.of(doc.lastXref.offset));
    push(serialize(section));
    push(latin1("\n"));
    push(serialize(PDFTrailerDict.of(dict)));
    push(latin1("\n"));
    push(serialize(PDFTrailer.forLastCrossRefSectionOffset(xrefOffset)));
    push(latin1("\n"));
  }

  const out = new Uint8Array(length);
  out.set(original, 0);
  let at = original.byteLength;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * /Root, /Info and /Encrypt carried over; /ID keeps its first element (the file's permanent
 * identifier) and gets a new second one, as §14.4 asks of an updated file.
 */
function trailerEntries(pdf: PDFDocument): Record<string, PDFObject | undefined> {
  const { context } = pdf;
  const info = context.trailerInfo;
  const id = info.ID ? context.lookup(info.ID) : undefined;
  const first = id instanceof PDFArray && id.size() > 0 ? id.get(0) : undefined;
  const fresh = PDFHexString.of(randomBytes(16).toString("hex"));
  return {
    Root: info.Root,
    Info: info.Info,
    Encrypt: info.Encrypt,
    ID: context.obj([first ?? fresh, fresh]),
  };
}

/**
 * Where the original's last cross-reference section is (the last startxref) and whether it is a
 * classic table or a stream, so the update uses the same kind. Offsets normally count from the
 * first byte of the file; a file with bytes before its header (a print job's preamble) may count
 * from the header, and whichever reading lands on the section is the file's convention.
 */
export function locateLastXref(bytes: Uint8Array): { offset: number; kind: "table" | "stream"; base: number } {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.byteLength - 4096))).toString("latin1");
  const matches = [...tail.matchAll(/startxref\s+(\d+)/g)];
  const offset = matches.length ? Number(matches[matches.length - 1]![1]) : 0;
  const header = Buffer.from(bytes.subarray(0, 1024)).toString("latin1").indexOf("%PDF-");
  const at = (position: number) => Buffer.from(bytes.subarray(position, position + 40)).toString("latin1");
  for (const base of header > 0 ? [0, header] : [0]) {
    const text = at(base + offset);
    if (/^\s*xref/.test(text)) return { offset, kind: "table", base };
    if (/^\s*\d+\s+\d+\s+obj/.test(text)) return { offset, kind: "stream", base };
  }
  // A damaged startxref: readers rebuild the table by scanning, and will find ours too.
  // Keep the kind the file uses elsewhere.
  const kind = /\/Type\s*\/XRef/.test(Buffer.from(bytes).toString("latin1")) ? "stream" : "table";
  return { offset, kind, base: 0 };
}

function declaredSize(bytes: Uint8Array): number | null {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.byteLength - 65536))).toString("latin1");
  const matches = [...tail.matchAll(/\/Size\s+(\d+)/g)];
  return matches.length ? Number(matches[matches.length - 1]![1]) : null;
}

const key = (ref: PDFRef) => `${ref.objectNumber} ${ref.generationNumber}`;

/**
 * A hash of the object as pdf-lib would write it. Every object is fingerprinted at load and at
 * each save, so this is kept cheap: a stream's dictionary and its contents are hashed apart
 * (pdf-lib copies contents into the output byte by byte), and the rest is written into a
 * reused buffer without first walking the object for its size.
 */
function fingerprint(object: PDFObject): string {
  const hash = createHash("sha1");
  if (object instanceof PDFStream) {
    object.updateDict(); // /Length (and /Filter) as they will be written
    const contents = object.getContents();
    hash.update(serializeInScratch(object.dict)).update(`stream ${contents.length}\n`).update(contents);
  } else hash.update(serializeInScratch(object));
  return hash.digest("base64");
}

let scratch = new Uint8Array(1 << 16);
/** The object's bytes in a buffer reused by the next call. */
function serializeInScratch(object: PDFObject): Uint8Array {
  // copyBytesInto returns the length it meant to write; writes past the end of a typed array are dropped.
  let length = object.copyBytesInto(scratch, 0);
  if (length > scratch.length) {
    scratch = new Uint8Array(2 * length);
    length = object.copyBytesInto(scratch, 0);
  }
  return scratch.subarray(0, length);
}

function serialize(object: { sizeInBytes(): number; copyBytesInto(buffer: Uint8Array, offset: number): number }): Uint8Array {
  const buffer = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(buffer, 0);
  return buffer;
}

function indirectObjectBytes(ref: PDFRef, object: PDFObject): Uint8Array {
  const head = latin1(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
  const body = serialize(object);
  const tail = latin1("\nendobj\n");
  const out = new Uint8Array(head.byteLength + body.byteLength + tail.byteLength);
  out.set(head, 0);
  out.set(body, head.byteLength);
  out.set(tail, head.byteLength + body.byteLength);
  return out;
}

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));
