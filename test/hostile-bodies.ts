import zlib from "node:zlib";

/**
 * A body of `chunks` × `chunkSize` bytes sent chunked (no Content-Length), made as it is read:
 * `pulled()` says how much the server asked for, to prove it stopped early.
 */
export function endlessBody(chunkSize: number, chunks: number, fill = 0x61) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= chunks) return controller.close();
      sent++;
      controller.enqueue(new Uint8Array(chunkSize).fill(fill));
    },
  });
  return { stream, pulled: () => sent * chunkSize };
}

/** RequestInit for a streamed body (fetch needs duplex: "half" for a stream). */
export function streamed(stream: ReadableStream<Uint8Array>, init: RequestInit = {}): RequestInit {
  return { method: "POST", ...init, body: stream, duplex: "half" } as RequestInit;
}

/**
 * A PNG whose header declares width × height pixels (16000 × 16000 = 256 MP) but whose data is a
 * few bytes: enough for anything that reads the header, and a decompression bomb for anything
 * that decodes it (the attack pass's 776 KB file took 31 s and 2.9 GB before its 422).
 */
export function hugePng(width = 16_000, height = 16_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", ihdr), chunk("IDAT", zlib.deflateSync(Buffer.alloc(width * 3 + 1))), chunk("IEND", Buffer.alloc(0))]);
}

/**
 * Bodies for a server action (a POST with `Next-Action`): what React's encodeReply never writes
 * (e2e/hostile-actions.spec.ts). [what, body, content type or "" for none]; multipart bodies are
 * written out with BOUNDARY.
 */
export const ACTION_BOUNDARY = "----rubricafuzz";
const part = (name: string, value: string) => `--${ACTION_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const multipart = (...parts: string[]) => `${parts.join("")}--${ACTION_BOUNDARY}--\r\n`;
const MULTIPART = `multipart/form-data; boundary=${ACTION_BOUNDARY}`;
export const HOSTILE_ACTION_BODIES: Array<[string, string, string]> = [
  ["empty array", "[]", "text/plain;charset=UTF-8"],
  ["empty body", "", "text/plain;charset=UTF-8"],
  ["garbage", "garbage", "text/plain;charset=UTF-8"],
  ["object root", "{}", "text/plain;charset=UTF-8"],
  ["null", "null", "text/plain;charset=UTF-8"],
  ["5,000-deep array", `${"[".repeat(5000)}${"]".repeat(5000)}`, "text/plain;charset=UTF-8"],
  ["wrong argument types", '[1,"x",true,null]', "text/plain;charset=UTF-8"],
  ["dangling references", '["$K1","$@2","$Q3","$T","$h4","$F5"]', "text/plain;charset=UTF-8"],
  ["a dangling promise", '["$@2"]', "text/plain;charset=UTF-8"],
  ["a dangling model", '[{"a":"$1"}]', "text/plain;charset=UTF-8"],
  ["a temporary reference", '["$T"]', "text/plain;charset=UTF-8"],
  ["a server reference", '["$h1"]', "text/plain;charset=UTF-8"],
  ["form-urlencoded", "a=1&b=2", "application/x-www-form-urlencoded"],
  ["no content type", "[]", ""],
  ["NUL and control characters", '["\u0000\u0007"]', "text/plain;charset=UTF-8"],
  ["multipart garbage", "--nope\r\ngarbage", MULTIPART],
  ["multipart without its root", multipart(part("1_email", "a@b.c")), MULTIPART],
  ["multipart with a deep root", multipart(part("0", `${"[".repeat(5000)}${"]".repeat(5000)}`)), MULTIPART],
  ["multipart with a dangling form", multipart(part("0", '[{},"$K9"]')), MULTIPART],
  ["multipart with an empty form", multipart(part("0", '[{},"$K1"]')), MULTIPART],
  ["multipart with a dangling part", multipart(part("0", '[{},"$@5","$Q7"]')), MULTIPART],
];

/**
 * Form posts to a page without `Next-Action` (a plain HTML form, or a forged one): Next reads
 * them looking for `$ACTION_ID_` fields. [what, body, content type]; past 1 MB (Next's body limit
 * for actions) the answer is 413, never Next's 500 (lib/http/server-action-gate.ts).
 */
export const OVERSIZED_FORM_BYTES = 1024 * 1024 + 64 * 1024;
export const HOSTILE_PAGE_FORM_POSTS: Array<[string, string, string]> = [
  ["small form-urlencoded", "a=1&b=2", "application/x-www-form-urlencoded"],
  ["small multipart", multipart(part("email", "a@example.com")), MULTIPART],
  ["multipart garbage", "--nope\r\ngarbage", MULTIPART],
  ["form-urlencoded past 1 MB", `a=${"x".repeat(OVERSIZED_FORM_BYTES)}`, "application/x-www-form-urlencoded"],
  ["multipart past 1 MB", multipart(part("a", "x".repeat(OVERSIZED_FORM_BYTES))), MULTIPART],
];

/**
 * An XML record nested `depth` elements deep (issue 63: 2.5 million deep, 17.5 MB, held the whole
 * server 43 s while xmldom and xml-crypto walked it).
 */
export const deepXml = (depth: number) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><electronicDocument xmlns="urn:rubrica">${"<a>".repeat(depth)}${"</a>".repeat(depth)}</electronicDocument>`);
