import { monitorEventLoopDelay } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { getDb } from "@/lib/db/client";
import { signatories, storedFiles } from "@/lib/db/schema";
import { AUTOGRAPH_BOX, pngSize } from "@/lib/services/signing/autograph-image";
import { sealDocument } from "@/lib/services/signing/seal-document";
import { signBodyFor, testSigner } from "@/test/factories/certificates";
import { postAsSigner, seedDocumentToSign, seedSignedDocument } from "@/test/factories/signing";
import { hugePng } from "@/test/hostile-bodies";
import { POST as sign } from "./route";

const dataUri = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;

describe("the drawn autograph is bounded before anything decodes it", () => {
  it("refuses a 16000×16000 PNG from its header with 422, at once", async () => {
    const { people, hash } = await seedDocumentToSign();
    const png = hugePng(16_000, 16_000);
    expect(png.byteLength).toBeLessThan(512 * 1024); // the byte limit alone let it through
    const body = { ...(await signBodyFor(await testSigner({ name: "BEGOÑA NÚÑEZ" }), hash)), autograph: dataUri(png) };
    const started = performance.now();
    const res = await postAsSigner(sign, people[0]!.id, body);
    expect(res.status).toBe(422);
    expect((await res.json()).errors.autograph[0]).toMatch(/16000×16000/);
    expect(performance.now() - started).toBeLessThan(5_000);
    const [row] = await getDb().select().from(signatories).where(eq(signatories.id, people[0]!.id));
    expect(row!.signStatus).toBe("PENDING");
  }, 60_000);

  it("scales a large drawing down to the stamp's box before storing it", async () => {
    const { people, hash } = await seedDocumentToSign();
    const drawing = await sharp({ create: { width: 3000, height: 1000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const res = await postAsSigner(sign, people[0]!.id, { ...(await signBodyFor(await testSigner({ name: "BEGOÑA NÚÑEZ" }), hash)), autograph: dataUri(drawing) });
    expect(res.status).toBe(200);
    const [row] = await getDb().select().from(signatories).where(eq(signatories.id, people[0]!.id));
    const stored = new Uint8Array(await fileStorage().get(row!.autographHash!));
    expect(pngSize(stored)).toEqual({ width: AUTOGRAPH_BOX.width, height: AUTOGRAPH_BOX.height });
  }, 60_000);

  it("seals a document whose stored autograph predates the bounds without stalling the event loop", async () => {
    const { id, people } = await seedSignedDocument();
    const stored = await fileStorage().put(hugePng(16_000, 16_000));
    await getDb().insert(storedFiles).values({ sha256: stored.sha256, size: stored.size, contentType: "image/png" }).onConflictDoNothing();
    await getDb().update(signatories).set({ autographHash: stored.sha256 }).where(eq(signatories.id, people[0]!.id));
    const delay = monitorEventLoopDelay({ resolution: 20 });
    delay.enable();
    expect(await sealDocument(getDb(), id)).toBe("sealed");
    delay.disable();
    // pdf-lib's embedPng of that header held the thread for seconds; what remains is the seal's own work.
    expect(delay.max / 1e6).toBeLessThan(3_000);
  }, 120_000);
});
