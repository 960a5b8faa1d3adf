import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { defaultFolderId } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { GET as health } from "@/app/api/health/route";
import { POST } from "./route";

const GiB = 1024 * 1024 * 1024;

/** ~1 GiB of zeros deflated, fed in 16 MiB chunks so this process never holds the inflated size. */
async function deflatedZeros(size: number): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 1 });
  const chunks: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  const block = Buffer.alloc(16 * 1024 * 1024);
  for (let written = 0; written < size; written += block.length) {
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/** A one-page PDF whose object stream (/Type /ObjStm, FlateDecode) inflates to `size` bytes. */
async function bombPdf(size: number): Promise<Uint8Array> {
  const stream = await deflatedZeros(size);
  return Buffer.concat([
    Buffer.from(
      "%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n" +
        "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n" +
        `4 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`,
      "latin1",
    ),
    stream,
    Buffer.from("\nendstream\nendobj\ntrailer << /Root 1 0 R /Size 5 >>\n%%EOF\n", "latin1"),
  ]);
}

describe("POST /v1/containers/{uuid}/documents with a decompression bomb", () => {
  it("answers 422 within bounded time and memory while the server keeps answering", { timeout: 120_000 }, async () => {
    const { key, actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    const pdf = await bombPdf(GiB);
    expect(pdf.byteLength).toBeLessThan(10 * 1024 * 1024);
    const form = new FormData();
    form.set("file", new File([pdf as BlobPart], "bomba.pdf", { type: "application/pdf" }));
    form.set("document", JSON.stringify({ signatures: [{ name: "Begoña Núñez", email: "begona@example.com" }] }));

    const rssBefore = process.memoryUsage.rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 20);
    const started = Date.now();
    try {
      const upload = call(POST, `/v1/containers/${folder}/documents`, { method: "POST", headers: { "x-api-key": key }, body: form, params: { uuid: folder } });
      let uploadDone = false;
      void upload.finally(() => (uploadDone = true));
      const alive = await call(health, "/api/health");
      expect(alive.status).toBe(200);
      expect(uploadDone, "health answered while the upload was still being inspected").toBe(false);

      const res = await upload;
      expect(res.status).toBe(422);
      expect((await res.json()).errors.file[0]).toMatch(/too large or damaged once decompressed/);
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      clearInterval(sampler);
    }
    expect(rssPeak - rssBefore).toBeLessThan(400 * 1024 * 1024);
  });
});
