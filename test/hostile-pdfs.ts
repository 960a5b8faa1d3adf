import zlib from "node:zlib";

/**
 * The hostile PDFs of issue 27, written byte by byte (pdf-lib would take minutes for 20,000
 * pages and cannot share one content stream among pages): every page refers to the same
 * content stream object, so the file stays small while a reader that walks or draws every
 * page does the work many times over.
 */
function writePdf(objects: (string | Buffer)[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n", "latin1")];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body, "latin1"), Buffer.from("\nendobj\n")]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)].join("");
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * `count` pages of `mediaBox`, all drawing one shared content stream (object 3); with
 * `firstPage`, page 1 draws that small content instead (its own stream, the last object).
 */
function sharedStreamPages(count: number, mediaBox: string, content: Buffer, filter: string, firstPage?: string): Uint8Array {
  // 1 catalog, 2 page tree, 3 content stream, then the pages from 4 on.
  const kids = Array.from({ length: count }, (_, i) => `${i + 4} 0 R`).join(" ");
  const stream = Buffer.concat([Buffer.from(`<< /Length ${content.length}${filter} >>\nstream\n`), content, Buffer.from("\nendstream")]);
  const ownStream = count + 4;
  const pages = Array.from({ length: count }, (_, i) => `<< /Type /Page /Parent 2 0 R /MediaBox ${mediaBox} /Contents ${i === 0 && firstPage ? ownStream : 3} 0 R >>`);
  const extra = firstPage ? [`<< /Length ${firstPage.length} >>\nstream\n${firstPage}\nendstream`] : [];
  return writePdf(["<< /Type /Catalog /Pages 2 0 R >>", `<< /Type /Pages /Count ${count} /Kids [${kids}] >>`, stream, ...pages, ...extra]);
}

/** The 20,000-page file (about 1.9 MB): letter pages sharing one small drawing. */
export const manyPagesPdf = (count = 20_000) => sharedStreamPages(count, "[0 0 612 792]", Buffer.from("0 0 1 rg 72 72 468 648 re f"), "");

/** One page 14 points wide and 14,400 tall (200 inches): a picture at any width is mostly height. */
export const tallPagePdf = () => sharedStreamPages(1, "[0 0 14 14400]", Buffer.from("0 0 1 rg 0 0 14 14400 re f"), "");

/**
 * `pages` letter pages (200) sharing one Flate stream that inflates to `inflatedMb` MB of drawing
 * operators (under a megabyte as stored): drawing any page decodes and runs all of it.
 */
export async function streamBombPdf(inflatedMb = 300, pages = 200, options: { lightFirstPage?: boolean } = {}): Promise<Uint8Array> {
  const line = Buffer.from("0 0 m 612 792 l S\n");
  const block = Buffer.alloc(1024 * 1024 - ((1024 * 1024) % line.length));
  for (let i = 0; i < block.length; i += line.length) line.copy(block, i);
  // Streamed through the compressor: the inflated content never exists in memory here.
  const deflate = zlib.createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  for (let i = 0; i < inflatedMb; i++) if (!deflate.write(block)) await new Promise((resolve) => deflate.once("drain", resolve));
  deflate.end();
  await done;
  return sharedStreamPages(pages, "[0 0 612 792]", Buffer.concat(chunks), " /Filter /FlateDecode", options.lightFirstPage ? "0 0 1 rg 72 72 468 648 re f" : undefined);
}

/**
 * Issue 63's file: the stream bomb behind a harmless first page, so the upload (which draws
 * page 1) accepts it and every other page costs a full render budget on the signing page.
 */
export const bombAfterFirstPagePdf = (inflatedMb = 300, pages = 400) => streamBombPdf(inflatedMb, pages, { lightFirstPage: true });

/**
 * A PDF whose /Contents gap holds `gapBytes` of hex (not a CMS: "ab" repeated) and `ranges`
 * /ByteRange entries all over that one gap (issue 63): a reader that builds a string of the gap
 * for each range does the gap's work `ranges` times, and one regular expression over 16 million
 * hex digits overflows V8's stack (a RangeError).
 */
export function signatureGapPdf({ ranges, gapBytes }: { ranges: number; gapBytes: number }): Uint8Array {
  const head = "%PDF-1.7\n1 0 obj\n<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /Contents ";
  const hex = Buffer.alloc(gapBytes, "ab", "latin1");
  const gapStart = head.length;
  const gapEnd = gapStart + 2 + gapBytes;
  const tail = Buffer.from(` ${Array.from({ length: ranges }, () => `/ByteRange [0 ${gapStart} ${gapEnd} 40]`).join("\n")} >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`, "latin1");
  return new Uint8Array(Buffer.concat([Buffer.from(`${head}<`, "latin1"), hex, Buffer.from(">", "latin1"), tail]));
}
