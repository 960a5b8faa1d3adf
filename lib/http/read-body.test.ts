import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { endlessBody, streamed } from "@/test/hostile-bodies";
import { JSON_BODY_LIMIT, readBody, readBodyForm } from "./read-body";

const MiB = 1024 * 1024;

describe("readBody", () => {
  it("stops a chunked body (no Content-Length) at the limit with 413, without reading the rest", async () => {
    const body = endlessBody(64 * 1024, 300 * 16); // 300 MB if read to the end
    const req = new Request("http://localhost/x", streamed(body.stream));
    expect(req.headers.get("content-length")).toBeNull();
    const err = await readBody(req, JSON_BODY_LIMIT).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: "The request body is larger than 1 MB." });
    expect(body.pulled()).toBeLessThan(2 * MiB);
  });

  it("refuses a declared Content-Length above the limit before reading anything", async () => {
    const body = endlessBody(1024, 10);
    const req = new Request("http://localhost/x", streamed(body.stream, { headers: { "content-length": String(600 * MiB) } }));
    await expect(readBody(req, JSON_BODY_LIMIT)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(body.pulled()).toBeLessThanOrEqual(1024); // the one chunk a stream buffers on its own
  });

  it("counts the bytes, not the Content-Length: a body longer than it declares is still stopped", async () => {
    const body = endlessBody(64 * 1024, 64);
    const req = new Request("http://localhost/x", streamed(body.stream, { headers: { "content-length": "10" } }));
    await expect(readBody(req, MiB)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("reads a body within the limit whole, and an absent one as empty", async () => {
    const text = "ñ".repeat(1000);
    expect(new TextDecoder().decode(await readBody(new Request("http://localhost/x", { method: "POST", body: text }), MiB))).toBe(text);
    expect((await readBody(new Request("http://localhost/x"), MiB)).byteLength).toBe(0);
  });

  it("parses multipart within the limit and uses the caller's error past it", async () => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(2 * MiB)], "a.pdf"));
    const tooBig = () => new AppError("PAYLOAD_TOO_LARGE", "The file is larger than 1 MB.");
    await expect(readBodyForm(new Request("http://localhost/x", { method: "POST", body: form }), MiB, tooBig)).rejects.toThrow("The file is larger than 1 MB.");
    const parsed = await readBodyForm(new Request("http://localhost/x", { method: "POST", body: form }), 3 * MiB);
    expect((parsed?.get("file") as File).size).toBe(2 * MiB);
  });
});
