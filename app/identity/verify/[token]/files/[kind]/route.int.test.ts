import { describe, expect, it } from "vitest";
import { seedUserWithKey } from "@/test/factories/seed";
import { endlessBody, hugePng, streamed } from "@/test/hostile-bodies";
import { call } from "@/test/http";
import { POST as createV3 } from "@/app/identity/v3/identity/sessions/route";
import { POST as capture } from "./route";

async function openSession(): Promise<string> {
  const { key } = await seedUserWithKey();
  const res = await call(createV3, "/identity/v3/identity/sessions", { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: "{}" });
  return String((await res.json()).verification_url).split("/").pop()!;
}

// Hostile captures: each is refused before any image model runs, with the page's kind of message.
describe("POST /identity/verify/{token}/files/{kind}, hostile bodies", () => {
  it("stops a chunked capture (no Content-Length) past 10 MB with 413, without reading the rest", async () => {
    const token = await openSession();
    const body = endlessBody(64 * 1024, 150 * 16); // 150 MB if read to the end
    const res = await call(capture, `/identity/verify/${token}/files/selfie`, { ...streamed(body.stream, { headers: { "content-type": "image/jpeg" } }), params: { token, kind: "selfie" } });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toMatch(/más de 10 MB/);
    expect(body.pulled()).toBeLessThan(11 * 1024 * 1024);
  });

  it("answers an empty capture with 422 and a message a person can act on", async () => {
    const token = await openSession();
    for (const kind of ["ine_front", "selfie"]) {
      const res = await call(capture, `/identity/verify/${token}/files/${kind}`, { method: "POST", headers: { "content-type": "image/jpeg" }, params: { token, kind } });
      expect(res.status, kind).toBe(422);
      expect(await res.json()).toEqual({ message: "No recibimos ninguna foto; tómala de nuevo.", errors: { [kind]: ["the body is empty: send the image"] } });
    }
  });

  it("refuses a 16000×16000 px PNG from its header, at once, before any reader decodes it", async () => {
    const token = await openSession();
    const started = performance.now();
    for (const kind of ["ine_back", "selfie"]) {
      const res = await call(capture, `/identity/verify/${token}/files/${kind}`, { method: "POST", headers: { "content-type": "image/png" }, body: new Uint8Array(hugePng()), params: { token, kind } });
      expect(res.status, kind).toBe(422);
      expect(await res.json()).toEqual({ message: "La foto tiene demasiados píxeles (256 MP); tómala de nuevo con menor resolución.", errors: { [kind]: ["at most 40 MP"] } });
    }
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
