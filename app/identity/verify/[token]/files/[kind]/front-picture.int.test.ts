import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { identitySessions } from "@/lib/db/schema";
import { renderIneBack, renderIneFront } from "@/lib/adapters/ine/sandbox-cards";
import { SANDBOX_VOTERS } from "@/lib/adapters/ine/sandbox-voters";
import { MIN_CARD_WIDTH, MIN_TAKEN_WIDTH } from "@/lib/adapters/ocr/front-picture";
import { seedUserWithKey } from "@/test/factories/seed";
import { augment, type Augmentation } from "@/test/factories/card-photo";
import { call } from "@/test/http";
import { POST as createV3 } from "@/app/identity/v3/identity/sessions/route";
import { POST as capture } from "./route";

async function openSession(): Promise<{ id: string; token: string }> {
  const { key } = await seedUserWithKey();
  const res = await call(createV3, "/identity/v3/identity/sessions", { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: "{}" });
  const json = await res.json();
  return { id: json.uuid, token: String(json.verification_url).split("/").pop()! };
}

const send = (token: string, bytes: Buffer) =>
  call(capture, `/identity/verify/${token}/files/ine_front`, { method: "POST", headers: { "content-type": "image/jpeg" }, body: new Uint8Array(bytes), params: { token, kind: "ine_front" } });

const session = async (id: string) => (await getDb().select().from(identitySessions).where(eq(identitySessions.id, id)))[0]!;

const photo = (over: Partial<Augmentation>): Augmentation => ({ kind: "perspective", tilt: 0, axis: "y", rotate: 0, background: "wood", glare: false, blur: 0, quality: 80, width: null, ...over });
const fixed = () => {
  let i = 0;
  return () => [0.3, 0.7, 0.5, 0.2, 0.9, 0.4][i++ % 6]!;
};

/** A table and nothing on it: soft brown noise. */
const emptyTable = () => sharp({ create: { width: 1280, height: 960, channels: 3, background: "#6b4f3a", noise: { type: "gaussian", mean: 110, sigma: 40 } } }).blur(4).jpeg().toBuffer();

// The front is asked again, with the reason, when the reader could not read it: no card in the
// picture, a card too small, a blurred one whose read does not vouch for itself (lib/adapters/ocr/front-picture.ts). A photo at an
// angle on a table, or a small one the reader handles, is taken.
describe("POST /identity/verify/{token}/files/ine_front, a picture the reader cannot read", () => {
  let front: Buffer;
  beforeAll(async () => {
    front = await renderIneFront(SANDBOX_VOTERS[0]!);
  });

  it("refuses a picture with no card in it, saying so", async () => {
    const { id, token } = await openSession();
    const res = await send(token, await emptyTable());
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message: "No encontramos la credencial en la foto del frente. Tómala de nuevo: la credencial completa, con sus cuatro esquinas, sobre un fondo liso.",
      errors: { ine_front: ["no card outline found"] },
    });
    expect(await session(id)).toMatchObject({ refusedCaptures: 1, files: {} });
  }, 60_000);

  it("refuses a card smaller than the reader reads, with its width, in a picture large enough", async () => {
    const { token } = await openSession();
    // A 400×300 picture (above the picture's own minimum) holding a card 200 px wide.
    const small = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#5a4a3a" } })
      .composite([{ input: await sharp(front).resize({ width: 200 }).toBuffer(), left: 100, top: 87 }])
      .jpeg({ quality: 90 })
      .toBuffer();
    const res = await send(token, small);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.message).toMatch(new RegExp(`^La credencial se ve muy pequeña en la foto del frente \\(\\d+ px de ancho; se necesitan al menos ${MIN_CARD_WIDTH}\\)`));
    expect(body.errors.ine_front[0]).toMatch(new RegExp(`^card too small: (19\\d|20\\d) px wide, at least ${MIN_CARD_WIDTH}$`));
  }, 60_000);

  it("reads a card between the two widths now: takes it where its CURP agrees with its names, birth date and sex, refuses it otherwise", async () => {
    const { id, token } = await openSession();
    // 290 px, clean: María's CURP, names and birth date all read (front-picture.ts: readProblem).
    const taken = await send(token, await sharp(front).resize({ width: 290 }).jpeg({ quality: 90 }).toBuffer());
    expect(taken.status, await taken.clone().text()).toBe(200);
    expect((await session(id)).files).toHaveProperty("ine_front");
    // 250 px at JPEG quality 25: read, its CURP not; asked again as a card too small, with its width.
    const refused = await send(token, await sharp(front).resize({ width: 250 }).jpeg({ quality: 25 }).toBuffer());
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      message: `La credencial se ve muy pequeña en la foto del frente (250 px de ancho; se necesitan al menos ${MIN_CARD_WIDTH}). Acércate o envía una foto de mayor resolución.`,
      errors: { ine_front: [`card too small: 250 px wide, at least ${MIN_CARD_WIDTH}`] },
    });
    expect(await session(id)).toMatchObject({ refusedCaptures: 1 });
  }, 120_000);

  it("takes a card between MIN_TAKEN_WIDTH and MIN_CARD_WIDTH whose names were read though its CURP does not vouch for it, and refuses a back that size", async () => {
    const { id, token } = await openSession();
    // María's card printing another person's CURP and a clave of no one's letters (a redrawn specimen's codes contradict it so).
    const voter = SANDBOX_VOTERS[0]!;
    const contradicted = await renderIneFront({ ...voter, curp: SANDBOX_VOTERS[1]!.curp, clave_elector: `ZZZZZZ${voter.clave_elector.slice(6)}` });
    const width = MIN_TAKEN_WIDTH + 20;
    const taken = await send(token, await sharp(contradicted).resize({ width }).jpeg({ quality: 90 }).toBuffer());
    expect(taken.status, await taken.clone().text()).toBe(200);
    expect((await session(id)).files).toHaveProperty("ine_front");
    // The back as the front, as small: its MRZ is read (and it gives no front's names).
    const back = await send(token, await sharp(await renderIneBack(voter)).resize({ width }).jpeg({ quality: 90 }).toBuffer());
    expect(back.status).toBe(422);
    expect((await back.json()).errors).toEqual({ ine_front: ["an MRZ (IDMEX…) is on it: this is the back"] });
    expect(await session(id)).toMatchObject({ refusedCaptures: 1 });
  }, 120_000);

  it("reads a blurred card: takes it where its CURP vouches for it, asks for a sharper photo otherwise", async () => {
    const { id, token } = await openSession();
    // Blur 2.5: sharpness about 50, under MIN_SHARPNESS, and still María's CURP, names and birth date read.
    const taken = await send(token, await augment(front, photo({ tilt: 10, blur: 2.5 }), fixed()));
    expect(taken.status, await taken.clone().text()).toBe(200);
    expect((await session(id)).files).toHaveProperty("ine_front");
    // Blur 4: its CURP is not read.
    const res = await send(token, await augment(front, photo({ tilt: 10, blur: 4 }), fixed()));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message: "La foto del frente está borrosa. Tómala de nuevo con buena luz, sosteniendo el teléfono quieto hasta que enfoque.",
      errors: { ine_front: ["the card is blurred"] },
    });
    expect(await session(id)).toMatchObject({ refusedCaptures: 1 });
  }, 120_000);

  it("takes a photo at 18° on a table, and a small one (720 px wide, the card ~450 px)", async () => {
    const { id, token } = await openSession();
    for (const picture of [await augment(front, photo({ tilt: 18 }), fixed()), await augment(front, photo({ tilt: 8, rotate: 4, background: "cloth", width: 720 }), fixed())]) {
      const res = await send(token, picture);
      expect(res.status, await res.clone().text()).toBe(200);
    }
    expect(await session(id)).toMatchObject({ refusedCaptures: 0 });
  }, 120_000);
});
