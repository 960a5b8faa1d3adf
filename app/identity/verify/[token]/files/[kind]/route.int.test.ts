import { describe, expect, it } from "vitest";
import { seedUserWithKey } from "@/test/factories/seed";
import { endlessBody, streamed } from "@/test/hostile-bodies";
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
});
