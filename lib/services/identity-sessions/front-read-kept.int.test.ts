import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { identitySessions } from "@/lib/db/schema";
import { renderIneBack, renderIneFront } from "@/lib/adapters/ine/sandbox-cards";
import { SANDBOX_FACES, cardPhoto, selfie } from "@/lib/adapters/ine/sandbox-faces";
import { SANDBOX_VOTERS } from "@/lib/adapters/ine/sandbox-voters";
import type { IneFrontReader } from "@/lib/adapters/ocr/ine-front-reader";
import { combinedIneFrontReader } from "@/lib/adapters/ocr/paddle-front-reader";
import { createSessionV3Body } from "@/lib/schemas/identity-sessions";
import { seedUserWithKey } from "@/test/factories/seed";
import { captureSessionFile, defaultCaptureDeps } from "./capture-session-file";
import { checkSession, defaultCheckDeps } from "./check-session";
import { createIdentitySession } from "./create-identity-session";
import { submitSession } from "./submit-session";

/** The combined reader, counting its reads. */
function counted(version = combinedIneFrontReader.version): IneFrontReader & { reads: number } {
  const reader = {
    ...combinedIneFrontReader,
    version,
    reads: 0,
    read: (...args: Parameters<IneFrontReader["read"]>) => {
      reader.reads++;
      return combinedIneFrontReader.read(...args);
    },
  };
  return reader;
}

const row = async (id: string) => (await getDb().select().from(identitySessions).where(eq(identitySessions.id, id)))[0]!;

// A card 240–320 px wide is read whole at capture to decide whether to take it
// (lib/adapters/ocr/front-picture.ts judgedOnItsRead); the checks use that read instead of reading the
// card again, only for that very file and the same reader's version.
describe("a small front's read, kept from the capture for the checks", () => {
  const maria = SANDBOX_VOTERS[0]!;
  let front: Buffer, small: Buffer, back: Buffer, face: Buffer;
  beforeAll(async () => {
    front = await renderIneFront(maria, { photo: await cardPhoto(SANDBOX_FACES[0]!) });
    small = await sharp(front).resize({ width: 290 }).jpeg({ quality: 90 }).toBuffer();
    [back, face] = await Promise.all([renderIneBack(maria), selfie(SANDBOX_FACES[0]!)]);
  }, 60_000);

  /** A session with the small front captured by `reader`, its back and selfie, submitted. */
  async function captured(reader: IneFrontReader, fronts: Buffer[] = [small]) {
    const { actor } = await seedUserWithKey();
    const session = await createIdentitySession(getDb(), actor, createSessionV3Body.parse({}));
    const deps = { ...defaultCaptureDeps(), frontReader: reader };
    for (const picture of fronts) await captureSessionFile(getDb(), session.formToken, "ine_front", picture, deps);
    await captureSessionFile(getDb(), session.formToken, "ine_back", back, deps);
    await captureSessionFile(getDb(), session.formToken, "selfie", face, deps);
    await submitSession(getDb(), session.formToken);
    return session;
  }
  const checked = async (id: string, reader: IneFrontReader) => {
    await checkSession(getDb(), id, { ...defaultCheckDeps(), frontReader: reader });
    const { result, ocr, documentData, verifications, checks } = await row(id);
    return { result, ocr, documentData, verifications, front_words: checks!.front_words, outcomes: checks!.outcomes };
  };

  it("is read once, at capture: the checks read nothing and find what reading it again finds", async () => {
    const reader = counted();
    const kept = await captured(reader);
    const atCapture = reader.reads;
    expect(atCapture).toBeGreaterThan(0);
    expect((await row(kept.id)).frontRead).toMatchObject({ sha256: (await row(kept.id)).files.ine_front, reader: combinedIneFrontReader.version, front: { curp: maria.curp } });
    const started = performance.now();
    const withKept = await checked(kept.id, reader);
    const keptMs = performance.now() - started;
    expect(reader.reads).toBe(atCapture);

    // The same captures, checked by a reader of another version (an upgrade): read again, alike.
    const upgraded = counted("an upgrade");
    const other = await captured(counted());
    const again = performance.now();
    expect(await checked(other.id, upgraded)).toEqual(withKept);
    const readMs = performance.now() - again;
    expect(upgraded.reads).toBeGreaterThan(0);
    console.info(`check with the capture's read ${Math.round(keptMs)} ms, reading the front again ${Math.round(readMs)} ms`);
  }, 240_000);

  it("is replaced by a re-capture: a front wide enough (not read whole) leaves none, and the checks read it", async () => {
    const reader = counted();
    const session = await captured(reader, [small, front]);
    const stored = await row(session.id);
    expect(stored.frontRead).toBeNull();
    const before = reader.reads;
    await checked(session.id, reader);
    expect(reader.reads).toBeGreaterThan(before);
  }, 240_000);

  it("is used only for the file it read: another front's read is read anew", async () => {
    const reader = counted();
    const session = await captured(reader);
    // As if the kept read were another file's (a stale one): the checks do not trust it.
    const stored = await row(session.id);
    await getDb().update(identitySessions).set({ frontRead: { ...stored.frontRead!, sha256: "0".repeat(64) } }).where(eq(identitySessions.id, session.id));
    const before = reader.reads;
    await checked(session.id, reader);
    expect(reader.reads).toBeGreaterThan(before);
  }, 240_000);
});
