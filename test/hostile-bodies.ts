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
