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
