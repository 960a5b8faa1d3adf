import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { MEDIA } from "./camera";
import { newcomerWithKey } from "./signer-support";
import { fortyMegapixelPhoto } from "../test/factories/forty-megapixel-photo";

// INE fronts under load, through server.ts on the production build (issue #63, row 4): the
// front's decoding, card finding and OCR run in the front reading pool's thread
// (lib/adapters/ocr/front-reading-pool.ts), so /api/health, answered on the server's own thread,
// does not wait behind them; and past the pool's line a capture is refused at once, 503 with
// Retry-After. Outcomes only: which answer came first, and the statuses.

const DEVICE_FREE = "one run: the server's behaviour does not depend on the device";

type Answered = { res: APIResponse; at: number };

async function sessionToken(request: APIRequestContext, key: string): Promise<string> {
  const res = await request.post("/identity/v3/identity/sessions", { headers: { Authorization: `Bearer ${key}`, Accept: "application/json" }, data: {} });
  expect(res.status()).toBe(201);
  return new URL(((await res.json()) as { verification_url: string }).verification_url).pathname.split("/").pop()!;
}

const capture = (request: APIRequestContext, token: string, picture: Buffer, type: string): Promise<Answered> =>
  request.post(`/identity/verify/${token}/files/ine_front`, { headers: { "Content-Type": type }, data: picture, timeout: 240_000 }).then((res) => ({ res, at: performance.now() }));

/** /api/health asked `times` times, one after another; when the last answered, and how long each took. */
async function healthInARow(request: APIRequestContext, times: number) {
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    const res = await request.get("/api/health", { timeout: 240_000 });
    expect(res.status()).toBe(200);
    took.push(performance.now() - t);
  }
  return { at: performance.now(), took };
}

test("abuse: while a 40 MP front and seven more are read, /api/health answers forty times in a row before the first of them is answered", async ({ page, request }, info) => {
  test.skip(info.project.name !== "desktop", DEVICE_FREE);
  test.setTimeout(300_000);
  const key = await newcomerWithKey(page, "Carga de frentes", `frentes-${Date.now()}@example.com`);
  const front = await readFile(path.join(MEDIA, "ine-front.jpg"));
  const huge = await fortyMegapixelPhoto(front);
  const tokens = await Promise.all(Array.from({ length: 8 }, () => sessionToken(request, key)));
  // Warm: the reading's first front loads its engines, which is not what is measured.
  expect((await capture(request, tokens[0]!, front, "image/jpeg")).res.status()).toBe(200);

  const started = performance.now();
  const captures = Promise.all(tokens.map((token, i) => capture(request, token, i === 0 ? huge : front, "image/jpeg")));
  const health = await healthInARow(request, 40);
  const answered = await captures;
  const first = Math.min(...answered.map((a) => a.at));
  console.log(`health in a row (ms): ${health.took.map((t) => t.toFixed(0)).join(" ")}; captures answered after (s): ${answered.map((a) => ((a.at - started) / 1000).toFixed(1)).join(" ")}`);
  for (const { res } of answered) expect([200, 422], await res.text()).toContain(res.status());
  expect(health.at, "the fortieth health check answered before the first capture").toBeLessThan(first);
});

test("abuse: twelve fronts at once: the reading pool takes what its line holds and refuses the rest at once with 503 and Retry-After, while /api/health answers", async ({ page, request }, info) => {
  test.skip(info.project.name !== "desktop", DEVICE_FREE);
  test.setTimeout(300_000);
  const key = await newcomerWithKey(page, "Fila de frentes", `fila-${Date.now()}@example.com`);
  const front = await readFile(path.join(MEDIA, "ine-front.jpg"));
  const tokens = await Promise.all(Array.from({ length: 12 }, () => sessionToken(request, key)));
  const captures = Promise.all(tokens.map((token) => capture(request, token, front, "image/jpeg")));
  const health = await healthInARow(request, 3);
  const answered = await captures;
  const statuses = answered.map((a) => a.res.status());
  console.log(`statuses: ${statuses.join(" ")}`);
  const refused = answered.filter((a) => a.res.status() === 503);
  expect(refused.length, "some captures refused while the line was full").toBeGreaterThan(0);
  expect(statuses.filter((s) => s === 200).length, "the line's captures were read").toBeGreaterThan(0);
  for (const { res } of refused) {
    expect(Number(res.headers()["retry-after"])).toBeGreaterThan(0);
    expect(((await res.json()) as { message: string }).message).toMatch(/intenta de nuevo/i);
  }
  // Refused at once: before every capture that was read.
  expect(Math.max(...refused.map((a) => a.at))).toBeLessThan(Math.min(...answered.filter((a) => a.res.status() !== 503).map((a) => a.at)));
  expect(health.at).toBeLessThan(Math.max(...answered.map((a) => a.at)));
});
