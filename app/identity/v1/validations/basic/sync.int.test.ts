import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { ineValidations, users } from "@/lib/db/schema";
import { renderIneBack, renderIneFront } from "@/lib/adapters/ine/sandbox-cards";
import { SANDBOX_FACES, cardPhoto, selfie } from "@/lib/adapters/ine/sandbox-faces";
import { SANDBOX_VOTERS } from "@/lib/adapters/ine/sandbox-voters";
import { closeMrzReader } from "@/lib/adapters/ocr/mrz-reader";
import { mrzCheckDigit } from "@/lib/mx/ine-mrz";
import { ineValidationAnswerExamples } from "@/lib/openapi/examples/ine-validation";
import { ineValidationResult } from "@/lib/schemas/validations";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { GET } from "./[uuid]/route";
import { POST } from "./route";

// The full INE validation as the identity service's clients call it: card photos (and a selfie),
// as JSON or multipart, raw Base64 or data URIs, answered in the same call.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const BASE = "/identity/v1/validations/basic";
const maria = SANDBOX_VOTERS[0]!; // VIGENTE, sandbox face 0
const luis = SANDBOX_VOTERS[3]!; // REPORTADA

async function postJson(key: string, body: unknown) {
  const res = await call(POST, BASE, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  return { res, json: (await res.json()) as Json };
}

async function postForm(key: string, form: FormData) {
  const res = await call(POST, BASE, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
  return { res, json: (await res.json()) as Json };
}

/** `answer` cut to the shape of `example` (its keys, its lists' lengths): how the OpenAPI examples were trimmed. */
function cutLike(answer: unknown, example: unknown): unknown {
  if (Array.isArray(example) && Array.isArray(answer)) return answer.slice(0, example.length).map((v, i) => cutLike(v, example[i]));
  if (example && typeof example === "object" && answer && typeof answer === "object" && !Array.isArray(answer)) {
    return Object.fromEntries(Object.keys(example).filter((k) => k in answer).map((k) => [k, cutLike((answer as Json)[k], (example as Json)[k])]));
  }
  return answer;
}

const dataUri = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString("base64")}`;
const byKey = (json: Json, key: string) => (json.data.documentInformation.documentVerifications as Json[]).find((v) => v.key === key);
const datum = (json: Json, type: string, source: string) => (json.data.documentInformation.documentData as Json[]).find((d) => d.type === type && d.source === source)?.value;

describe("POST /identity/v1/validations/basic, synchronous", () => {
  let front: Buffer, back: Buffer, face: Buffer, otherFace: Buffer;
  beforeAll(async () => {
    front = await renderIneFront(maria, { photo: await cardPhoto(SANDBOX_FACES[0]!) });
    back = await renderIneBack(maria);
    face = await selfie(SANDBOX_FACES[0]!);
    otherFace = await selfie(SANDBOX_FACES[4]!);
  });
  afterAll(() => closeMrzReader());

  it("answers 200 with the result at once (data URIs and a selfie): every field path clients read", async () => {
    const { key, user } = await seedUserWithKey();
    const { res, json } = await postJson(key, { ine_front: dataUri(front), ine_back: dataUri(back), selfie: dataUri(face), model: "D" });
    expect(res.status, JSON.stringify(json)).toBe(200);
    expect(ineValidationResult.safeParse(json).success).toBe(true);
    expect(json.data).toMatchObject({ object: "ine_validations", status: true, message: "La credencial es válida" });
    const [yyyy, mm, dd] = maria.fecha_nacimiento.split("-");
    expect(json.data.dataOcr).toMatchObject({
      type: "I",
      subtype: "D",
      issue_country: "MEX",
      doc_number: maria.cic,
      check_sum: mrzCheckDigit(maria.cic),
      first_optional: maria.ocr,
      date_birth: `${yyyy!.slice(2)}${mm}${dd}`,
      birth_check: mrzCheckDigit(`${yyyy!.slice(2)}${mm}${dd}`),
      sex: maria.sexo,
      nacionality: "MEX",
      last_name: maria.primer_apellido,
      last_name2: maria.segundo_apellido,
      first_name: maria.nombres.split(" ")[0],
      first_name2: maria.nombres.split(" ").slice(1).join(" "),
    });
    for (const value of Object.values(json.data.dataOcr)) expect(typeof value).toBe("string");
    expect(json.data.dataOcr.expiration_date).toMatch(/^\d{6}$/);
    expect(datum(json, "DocumentNumber", "MRZ")).toBe(maria.cic);
    expect(datum(json, "Voter_Key", "OCR")).toBe(maria.clave_elector);
    expect(datum(json, "PersonalNumber", "OCR")).toBe(maria.curp);
    expect(datum(json, "DateOfBirth", "MRZ")).toBe(`${dd}/${mm}/${yyyy}`);
    for (const d of json.data.documentInformation.documentData) expect(["MRZ", "OCR", "BARCODE", "ExternalServices"]).toContain(d.source);
    for (const k of ["MrzIsDocumentNumberCheckDigitValid", "MrzIsDateOfBirthCheckDigitValid", "MrzIsDateOfExpiryCheckDigitValid", "MrzIsCompositeCheckDigitValid", "DataIntegrity_ft_Surname_And_Given_Names", "MEX_VotingCard_Custom_Curp", "Biometrics_FaceMatching"]) {
      expect(byKey(json, k), k).toMatchObject({ result: "Ok" });
    }
    expect(json.data.faceComparison.result).toBe(true);
    expect(json.data.faceComparison.similarity).toBeGreaterThan(65);
    expect(json.data.ineNominalList).toMatchObject({ status: true, maintenance: false, message: "La credencial es válida", data: { CIC: maria.cic, "Número OCR": maria.ocr } });
    expect(json.data.renapo).toMatchObject({ codigo: "01", status: true, mensaje: "Búsqueda exitosa por curp", registros: [{ curp: maria.curp, nombres: maria.nombres }] });
    expect(json.meta).toEqual({ include: [], custom: [] });
    // The OpenAPI example is this answer, trimmed.
    expect(cutLike(json, ineValidationAnswerExamples.cardAndSelfie.value)).toEqual(ineValidationAnswerExamples.cardAndSelfie.value);

    // Kept, charged once, and operation 10 answers the same result body.
    const uuid = res.headers.get("content-location")!.split("/").pop()!;
    const shown = await call(GET, `${BASE}/${uuid}`, { headers: { authorization: `Bearer ${key}` }, params: { uuid } });
    expect(((await shown.json()) as Json).result).toEqual(json);
    const [row] = await getDb().select().from(ineValidations).where(eq(ineValidations.id, uuid));
    expect(row).toMatchObject({ status: "completed", source: "images", jobId: expect.any(String) });
    const [spent] = await getDb().select({ transactions: users.transactions }).from(users).where(eq(users.id, user.id));
    expect(spent!.transactions).toBe(user.transactions - 1);
  }, 120_000);

  it("takes raw Base64 without a selfie (no faceComparison), and multipart files with the same names", async () => {
    const { key } = await seedUserWithKey();
    const raw = await postJson(key, { ine_front: front.toString("base64"), ine_back: back.toString("base64"), model: "basic" });
    expect(raw.res.status).toBe(200);
    expect(raw.json.data.status).toBe(true);
    expect("faceComparison" in raw.json.data).toBe(false);
    expect(byKey(raw.json, "Biometrics_FaceMatching")).toBeUndefined();

    const form = new FormData();
    form.set("ine_front", new Blob([new Uint8Array(front)], { type: "image/jpeg" }), "frente.jpg");
    form.set("ine_back", new Blob([new Uint8Array(back)], { type: "image/jpeg" }), "reverso.jpg");
    form.set("selfie", dataUri(face)); // a data URI as a text part works too
    form.set("model", "D");
    const multi = await postForm(key, form);
    expect(multi.res.status, JSON.stringify(multi.json)).toBe(200);
    expect(multi.json.data).toMatchObject({ status: true, dataOcr: { doc_number: maria.cic }, faceComparison: { result: true } });
  }, 120_000);

  it("says false for another face (faceComparison.result false) and for a reported card, with the reason", async () => {
    const { key } = await seedUserWithKey();
    const other = await postJson(key, { ine_front: dataUri(front), ine_back: dataUri(back), selfie: dataUri(otherFace) });
    expect(other.res.status).toBe(200);
    expect(other.json.data).toMatchObject({ status: false, message: "El rostro de la selfie no coincide con el de la credencial", faceComparison: { result: false } });
    expect(byKey(other.json, "Biometrics_FaceMatching")).toMatchObject({ result: "Error" });
    expect(other.json.data.ineNominalList.status).toBe(true);
    expect(cutLike(other.json, ineValidationAnswerExamples.anotherFace.value)).toEqual(ineValidationAnswerExamples.anotherFace.value);

    const reported = await postJson(key, { ine_front: dataUri(await renderIneFront(luis)), ine_back: dataUri(await renderIneBack(luis)) });
    expect(reported.json.data).toMatchObject({ status: false, ineNominalList: { status: false, estado: "REPORTADA" } });
    expect(reported.json.data.message).toMatch(/reportada/);
  }, 120_000);

  it("answers 200 status false with what to send when the back has no MRZ, and 422 for a selfie that is not an image", async () => {
    const { key, user } = await seedUserWithKey();
    const { res, json } = await postJson(key, { ine_front: dataUri(front), ine_back: dataUri(front) });
    expect(res.status).toBe(200);
    expect(json.data).toMatchObject({ status: false, dataOcr: {} });
    expect(json.data.message).toMatch(/No se pudo leer la zona MRZ del reverso/);
    expect(ineValidationResult.safeParse(json).success).toBe(true);

    const bad = await postJson(key, { ine_front: dataUri(front), ine_back: dataUri(back), selfie: Buffer.from("no soy una foto").toString("base64") });
    expect(bad.res.status).toBe(422);
    expect(bad.json).toEqual({ message: "The given data was invalid.", errors: { selfie: ["The selfie field must be a JPEG, PNG or WebP image as Base64 or a data URI."] } });
    const alone = await postJson(key, { cic: maria.cic, identificador_ciudadano: maria.identificador_ciudadano, selfie: dataUri(face) });
    expect(alone.json.errors.selfie).toEqual(["The selfie field needs ine_front and ine_back."]);
    // Only the MRZ-less call was charged.
    const [spent] = await getDb().select({ transactions: users.transactions }).from(users).where(eq(users.id, user.id));
    expect(spent!.transactions).toBe(user.transactions - 1);
  }, 120_000);
});
