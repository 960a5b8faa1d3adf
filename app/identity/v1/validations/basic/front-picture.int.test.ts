import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderIneBack, renderIneFront } from "@/lib/adapters/ine/sandbox-cards";
import { SANDBOX_FACES, cardPhoto, selfie } from "@/lib/adapters/ine/sandbox-faces";
import { SANDBOX_VOTERS } from "@/lib/adapters/ine/sandbox-voters";
import { closeMrzReader } from "@/lib/adapters/ocr/mrz-reader";
import { ineValidationResult } from "@/lib/schemas/validations";
import { augment } from "@/test/factories/card-photo";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { POST } from "./route";

// The full INE validation answers a front the reader cannot read (lib/adapters/ocr/
// front-picture.ts) with the reason in `message`, before the voter roll or RENAPO is asked;
// the capture page refuses the same pictures (files/[kind]/front-picture.int.test.ts).

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const maria = SANDBOX_VOTERS[0]!; // VIGENTE: with a readable front, the answer is true

async function validate(front: Buffer, back: Buffer, face?: Buffer) {
  const { key } = await seedUserWithKey();
  const res = await call(POST, "/identity/v1/validations/basic", {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ ine_front: front.toString("base64"), ine_back: back.toString("base64"), ...(face ? { selfie: face.toString("base64") } : {}) }),
  });
  return { res, json: (await res.json()) as Json };
}

describe("POST /identity/v1/validations/basic with a front the reader cannot read", () => {
  let front: Buffer, back: Buffer;
  beforeAll(async () => {
    front = await renderIneFront(maria);
    back = await renderIneBack(maria);
  });
  afterAll(() => closeMrzReader());

  it.each([
    ["no card in it", () => sharp({ create: { width: 1280, height: 960, channels: 3, background: "#6b4f3a", noise: { type: "gaussian", mean: 110, sigma: 40 } } }).blur(4).jpeg().toBuffer(), /^No encontramos la credencial en la foto del frente/],
    [
      "a card 200 px wide",
      async () => sharp({ create: { width: 400, height: 300, channels: 3, background: "#5a4a3a" } }).composite([{ input: await sharp(front).resize({ width: 200 }).toBuffer(), left: 100, top: 87 }]).jpeg().toBuffer(),
      /^La credencial se ve muy pequeña en la foto del frente \(\d+ px de ancho/,
    ],
    // Read first (between MIN_READ_WIDTH and MIN_CARD_WIDTH), its CURP unread on JPEG-blocked 5 px type.
    ["a card 250 px wide whose read does not vouch for itself", () => sharp(front).resize({ width: 250 }).jpeg({ quality: 25 }).toBuffer(), /^La credencial se ve muy pequeña en la foto del frente \(250 px de ancho/],
    ["a blurred card", () => augment(front, { kind: "blur", tilt: 10, axis: "y", rotate: 0, background: "wood", glare: false, blur: 4, quality: 80, width: null }, () => 0.5), /^La foto del frente está borrosa/],
  ])("answers 200 status false with the reason for a front with %s, asking no registry", async (_, picture, reason) => {
    const { res, json } = await validate(await picture(), back);
    expect(res.status).toBe(200);
    expect(ineValidationResult.safeParse(json).success).toBe(true);
    expect(json.data.status).toBe(false);
    expect(json.data.message).toMatch(reason);
    // The back was read (its MRZ is in the answer), the registries were not asked.
    expect(json.data.dataOcr.doc_number).toBe(maria.cic);
    expect(json.data.ineNominalList).toMatchObject({ status: false, maintenance: false, message: "No se consultó la Lista Nominal: la foto del frente no se pudo leer.", data: null });
    expect(json.data.renapo).toMatchObject({ status: false, registros: [] });
  }, 60_000);

  it("reads a card 290 px wide whose CURP agrees with its names, birth date and sex (front-picture.ts: readProblem)", async () => {
    const { json } = await validate(await sharp(front).resize({ width: 290 }).jpeg({ quality: 90 }).toBuffer(), back);
    expect(json.data).toMatchObject({ status: true, message: "La credencial es válida", ineNominalList: { status: true } });
    expect(json.data.renapo).toMatchObject({ status: true, registros: [{ curp: maria.curp }] });
  }, 60_000);

  it("reads the same card photographed at 15° on a table, its photo against the selfie where the straightened card has it", async () => {
    const withFace = await renderIneFront(maria, { photo: await cardPhoto(SANDBOX_FACES[0]!) });
    const photo = await augment(withFace, { kind: "perspective", tilt: 15, axis: "y", rotate: 3, background: "cloth", glare: false, blur: 0, quality: 80, width: null }, () => 0.5);
    const { json } = await validate(photo, back, await selfie(SANDBOX_FACES[0]!));
    expect(json.data).toMatchObject({ status: true, message: "La credencial es válida", ineNominalList: { status: true }, faceComparison: { result: true } });
    // The photo area cut from the picture as it came held some of the cloth: 74 (0.91 on the
    // card drawn straight); from the card straightened, 84.
    expect(json.data.faceComparison.similarity).toBeGreaterThan(80);
  }, 60_000);
});
