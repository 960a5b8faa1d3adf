import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { ineValidations, users, webhookDeliveries } from "@/lib/db/schema";
import { startWorker } from "@/lib/jobs/worker";
import { sandboxVoterRoll, SANDBOX_VOTERS } from "@/lib/adapters/ine/sandbox-voters";
import { renderIneBack, renderIneFront } from "@/lib/adapters/ine/sandbox-cards";
import { closeMrzReader, tesseractMrzReader } from "@/lib/adapters/ocr/mrz-reader";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { INE_MAX_ATTEMPTS, processIneValidation, type IneDeps } from "@/lib/services/validations/process-ine-validation";
import { seedUserWithKey } from "@/test/factories/seed";
import { hugePng } from "@/test/hostile-bodies";
import { call } from "@/test/http";
import { verifyWebhook, waitFor, receiverForWorkerTests } from "@/test/webhook-receiver";
import { GET } from "./[uuid]/route";
import { POST } from "./route";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const BASE = "/identity/v1/validations/basic";
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;
const [maria, jose, sofia, luis] = SANDBOX_VOTERS as [(typeof SANDBOX_VOTERS)[number], (typeof SANDBOX_VOTERS)[number], (typeof SANDBOX_VOTERS)[number], (typeof SANDBOX_VOTERS)[number]];
const deps = (): IneDeps => ({ voterRoll: sandboxVoterRoll({ latencyMs: 0 }), mrzReader: tesseractMrzReader, storage: fileStorage(), now: () => new Date() });

async function create(key: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await call(POST, BASE, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json", ...headers }, body: JSON.stringify(body) });
  return { res, json: (await res.json()) as Json };
}
async function show(key: string, id: string) {
  const res = await call(GET, `${BASE}/${id}`, { headers: { authorization: `Bearer ${key}` }, params: { uuid: id } });
  return { res, json: (await res.json()) as Json };
}
async function checked(key: string, body: unknown) {
  const { json } = await create(key, body);
  expect(await processIneValidation(getDb(), json.uuid, deps())).toEqual({ kind: "finished", status: "completed" });
  return (await show(key, json.uuid)).json;
}

describe("POST /identity/v1/validations/basic", () => {
  it("answers 201 {uuid, status: pending, created_at}, spends one transaction, and GET shows it without result", async () => {
    const { key, user } = await seedUserWithKey();
    const { res, json } = await create(key, { cic: maria.cic, identificador_ciudadano: maria.identificador_ciudadano });
    expect(res.status).toBe(201);
    expect(Object.keys(json).sort()).toEqual(["created_at", "status", "uuid"]);
    expect(json.status).toBe("pending");
    expect(json.created_at).toMatch(ISO_WITH_OFFSET);
    const [after] = await getDb().select({ transactions: users.transactions }).from(users).where(eq(users.id, user.id));
    expect(after!.transactions).toBe(user.transactions - 1);
    const shown = await show(key, json.uuid);
    expect(shown.res.status).toBe(200);
    expect(shown.json).toEqual({ uuid: json.uuid, status: "pending", created_at: json.created_at, updated_at: json.created_at });
  });

  it("refuses incomplete or malformed card data with field paths, spending nothing", async () => {
    const { key, user } = await seedUserWithKey();
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { cic: ["The cic field is required when neither clave_elector nor ine_back is present."], clave_elector: ["The clave_elector field is required when neither cic nor ine_back is present."] }],
      [{ cic: maria.cic }, { identificador_ciudadano: ["The identificador_ciudadano field is required when cic is present."] }],
      [{ clave_elector: maria.clave_elector }, { numero_emision: ["The numero_emision field is required when clave_elector is present."], ocr: ["The ocr field is required when clave_elector is present."] }],
      [{ cic: "12345678", identificador_ciudadano: "1234567890" }, { cic: ["The cic field must be 9 digits."], identificador_ciudadano: ["The identificador_ciudadano field must be 9 digits."] }],
      [{ clave_elector: "PRLPMR85031209X800", numero_emision: "1", ocr: "123" }, { clave_elector: ["The clave_elector field must be 6 letters, 8 digits, H or M and 3 digits."], numero_emision: ["The numero_emision field must be 2 digits."], ocr: ["The ocr field must be 13 digits."] }],
      [{ cic: maria.cic, identificador_ciudadano: maria.identificador_ciudadano, webhook: "not a url" }, { webhook: ["The webhook field must be a valid http(s) URL."] }],
    ];
    for (const [body, errors] of cases) {
      const { res, json } = await create(key, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(json).toEqual({ message: "The given data was invalid.", errors });
    }
    const [after] = await getDb().select({ transactions: users.transactions }).from(users).where(eq(users.id, user.id));
    expect(after!.transactions).toBe(user.transactions);
  });

  it("answers 402 {message: Las transacciones del usuario se han terminado} at zero, creating nothing", async () => {
    const { key, user } = await seedUserWithKey();
    await getDb().update(users).set({ transactions: 1 }).where(eq(users.id, user.id));
    const body = { cic: maria.cic, identificador_ciudadano: maria.identificador_ciudadano };
    const results = await Promise.all([create(key, body), create(key, body), create(key, body)]);
    expect(results.map((r) => r.res.status).sort()).toEqual([201, 402, 402]);
    for (const r of results.filter((r) => r.res.status === 402)) expect(r.json).toEqual({ message: "Las transacciones del usuario se han terminado" });
    expect(await getDb().$count(ineValidations, eq(ineValidations.userId, user.id))).toBe(1);
    const [after] = await getDb().select({ transactions: users.transactions }).from(users).where(eq(users.id, user.id));
    expect(after!.transactions).toBe(0);
  });

  it("answers 401 {message: Unauthorized} without a valid key", async () => {
    const res = await call(POST, BASE, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Unauthorized" });
  });
});

describe("voter-roll outcomes (sandbox)", () => {
  it("completed with status true for a current credential, given as models E–H data, field by field", async () => {
    const { key } = await seedUserWithKey();
    const json = await checked(key, { cic: maria.cic, identificador_ciudadano: maria.identificador_ciudadano });
    expect(json.status).toBe("completed");
    expect(json.updated_at).toMatch(ISO_WITH_OFFSET);
    expect(json.result).toEqual({
      data: {
        status: true,
        message: "La credencial está vigente como medio de identificación y puede votar.",
        dataOcr: { cic: "200000001", identificador_ciudadano: "100000001", ocr: null, clave_elector: null, numero_emision: null, modelo: "E/F/G/H", fuente: "datos" },
        documentInformation: {
          tipo: "INE",
          estado_lista_nominal: "VIGENTE",
          modelo: "G",
          vigencia: "2031",
          anio_registro: "2003",
          anio_emision: "2021",
          numero_emision: "01",
          seccion: "0123",
          entidad: "CIUDAD DE MÉXICO",
          consultado_en: json.result.data.documentInformation.consultado_en,
        },
      },
      meta: { include: [], custom: [] },
    });
    expect(new Date(json.result.data.documentInformation.consultado_en).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("completed for models C/D data, and status false for an expired, a reported and an unknown credential", async () => {
    const { key } = await seedUserWithKey();
    const classic = await checked(key, { clave_elector: jose.clave_elector.toLowerCase(), numero_emision: jose.numero_emision, ocr: jose.ocr });
    expect(classic.result.data).toMatchObject({ status: true, dataOcr: { clave_elector: jose.clave_elector, modelo: "C/D", cic: null }, documentInformation: { estado_lista_nominal: "VIGENTE", entidad: "JALISCO" } });
    const cases = [
      [{ cic: sofia.cic, identificador_ciudadano: sofia.identificador_ciudadano }, "NO_VIGENTE", "La credencial está en la Lista Nominal pero ya no está vigente como medio de identificación."],
      [{ cic: luis.cic, identificador_ciudadano: luis.identificador_ciudadano }, "REPORTADA", "La credencial fue reportada como extraviada o robada; no es válida como medio de identificación."],
      [{ cic: maria.cic, identificador_ciudadano: jose.identificador_ciudadano }, "NO_ENCONTRADA", "Los datos no corresponden a ninguna credencial de la Lista Nominal."],
    ] as const;
    for (const [body, estado, message] of cases) {
      const json = await checked(key, body);
      expect(json.status, estado).toBe("completed");
      expect(json.result.data.status).toBe(false);
      expect(json.result.data.message).toBe(message);
      expect(json.result.data.documentInformation.estado_lista_nominal).toBe(estado);
    }
  });

  it("failed with status false once the voter roll stays unavailable for every attempt", async () => {
    const { key } = await seedUserWithKey();
    const { json } = await create(key, { cic: "999999999", identificador_ciudadano: "100000001" });
    for (let attempt = 1; attempt < INE_MAX_ATTEMPTS; attempt++) {
      expect((await processIneValidation(getDb(), json.uuid, deps())).kind).toBe("retry");
      const midway = await show(key, json.uuid);
      expect(midway.json.status).toBe("processing");
      expect(midway.json).not.toHaveProperty("result");
    }
    expect(await processIneValidation(getDb(), json.uuid, deps())).toEqual({ kind: "finished", status: "failed" });
    const { json: failed } = await show(key, json.uuid);
    expect(failed.status).toBe("failed");
    expect(failed.result).toEqual({
      data: {
        status: false,
        message: `No fue posible consultar la Lista Nominal del INE (${INE_MAX_ATTEMPTS} intentos); cree otra validación más tarde.`,
        dataOcr: { cic: "999999999", identificador_ciudadano: "100000001", ocr: null, clave_elector: null, numero_emision: null, modelo: "E/F/G/H", fuente: "datos" },
        documentInformation: {},
      },
      meta: { include: [], custom: [] },
    });
    expect(await processIneValidation(getDb(), json.uuid, deps())).toEqual({ kind: "already-final" });
  });
});

describe("card images", () => {
  afterAll(() => closeMrzReader());
  const dataUri = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString("base64")}`;

  it("reads the CIC and identificador del ciudadano from the back's MRZ (a slightly turned photo) and checks them", async () => {
    const { key, user } = await seedUserWithKey();
    const back = await sharp(await renderIneBack(jose, { rotateDegrees: 2 })).resize({ width: 900 }).jpeg({ quality: 70 }).toBuffer();
    // Photos are checked in the call unless asked otherwise (sync.int.test.ts); this is the queued way.
    const { res, json } = await create(key, { ine_front: dataUri(await renderIneFront(jose)), ine_back: back.toString("base64") }, { prefer: "respond-async" });
    expect(res.status).toBe(201);
    expect(res.headers.get("preference-applied")).toBe("respond-async");
    const [row] = await getDb().select().from(ineValidations).where(eq(ineValidations.id, json.uuid));
    expect(row).toMatchObject({ source: "images", card: { cic: null, identificador_ciudadano: null } });
    expect(row!.frontHash).toMatch(/^[0-9A-F]{64}$/);
    expect(Buffer.from(await fileStorage().get(row!.backHash!)).equals(back)).toBe(true);
    const [spent] = await getDb().select({ transactions: users.transactions }).from(users).where(eq(users.id, user.id));
    expect(spent!.transactions).toBe(user.transactions - 1);

    expect(await processIneValidation(getDb(), json.uuid, deps())).toEqual({ kind: "finished", status: "completed" });
    const { json: done } = await show(key, json.uuid);
    expect(done.result.data.status).toBe(true);
    // The same result body as the synchronous call (sync.int.test.ts), without a face comparison.
    expect(done.result.data.dataOcr).toMatchObject({ doc_number: jose.cic, first_optional: jose.ocr, last_name: "NUNEZ", last_name2: "GARCIA", first_name: "JOSE", first_name2: "ANGEL", sex: "H" });
    expect(done.result.data.ineNominalList).toMatchObject({ status: true, maintenance: false, data: { CIC: jose.cic, Entidad: "JALISCO" } });
    expect(done.result.data.documentInformation.documentVerifications.find((v: Json) => v.key === "MrzIsCompositeCheckDigitValid")).toMatchObject({ result: "Ok" });
    expect("faceComparison" in done.result.data).toBe(false);
    const [after] = await getDb().select().from(ineValidations).where(eq(ineValidations.id, json.uuid));
    expect(after!.card).toEqual({ cic: jose.cic, identificador_ciudadano: jose.identificador_ciudadano, ocr: jose.ocr, clave_elector: null, numero_emision: null });
  }, 120_000);

  it("fails, saying what to send, when the back has no readable MRZ", async () => {
    const { key } = await seedUserWithKey();
    const front = dataUri(await renderIneFront(maria));
    const { json } = await create(key, { ine_front: front, ine_back: front }, { prefer: "respond-async" });
    expect(await processIneValidation(getDb(), json.uuid, deps())).toEqual({ kind: "finished", status: "failed" });
    const { json: failed } = await show(key, json.uuid);
    expect(failed.result.data.status).toBe(false);
    expect(failed.result.data.message).toBe("No se pudo leer la zona MRZ del reverso de la credencial (No MRZ starting with IDMEX was found.). Envía una foto nítida del reverso completo, de frente y sin reflejos.");
    expect(failed.result.data.dataOcr).toEqual({});
  }, 120_000);

  it("refuses what is not a card image, too small an image, one side alone, and images with card data", async () => {
    const { key, user } = await seedUserWithKey();
    const back = (await renderIneBack(maria)).toString("base64");
    const tiny = (await sharp(await renderIneBack(maria)).resize({ width: 300 }).png().toBuffer()).toString("base64");
    const cases: [unknown, Record<string, string[]>][] = [
      [{ ine_front: Buffer.from("hola, no soy una imagen").toString("base64"), ine_back: back }, { ine_front: ["The ine_front field must be a JPEG, PNG or WebP image as Base64 or a data URI."] }],
      [{ ine_front: "no es base64!", ine_back: back }, { ine_front: ["The ine_front field must be a JPEG, PNG or WebP image as Base64 or a data URI."] }],
      [{ ine_front: back, ine_back: tiny }, { ine_back: ["The ine_back image is too small to read (300 px); send at least 600 px on its long side."] }],
      [{ ine_back: back }, { ine_front: ["The ine_front field is required when ine_back is present."] }],
      [{ ine_front: back, ine_back: hugePng().toString("base64") }, { ine_back: ["The ine_back image has too many pixels (256 MP); send at most 40 MP."] }],
      [{ ine_front: back, ine_back: back, cic: maria.cic, identificador_ciudadano: maria.identificador_ciudadano }, { ine_front: ["Send either the card images or the card data, not both."] }],
    ];
    for (const [body, errors] of cases) {
      const { res, json } = await create(key, body);
      expect(res.status, JSON.stringify(errors)).toBe(422);
      expect(json).toEqual({ message: "The given data was invalid.", errors });
    }
    expect(await getDb().$count(ineValidations, eq(ineValidations.userId, user.id))).toBe(0);
  });
});

describe("POST /identity/v1/validations/basic, a selfie past the pixel cap", () => {
  it("abuse: a selfie of 256 MP in a few KB is refused 422 from its header, before the call is recorded or charged or any picture decoded", async () => {
    const { key, user } = await seedUserWithKey();
    const [front, back] = await Promise.all([renderIneFront(maria), renderIneBack(maria)]);
    const { res, json } = await create(key, { ine_front: front.toString("base64"), ine_back: back.toString("base64"), selfie: hugePng().toString("base64") });
    expect(res.status).toBe(422);
    expect(json).toEqual({ message: "The given data was invalid.", errors: { selfie: ["The selfie image has too many pixels (256 MP); send at most 40 MP."] } });
    expect(await getDb().$count(ineValidations, eq(ineValidations.userId, user.id))).toBe(0);
    const [after] = await getDb().select({ transactions: users.transactions }).from(users).where(eq(users.id, user.id));
    expect(after!.transactions).toBe(user.transactions);
  }, 120_000);
});

describe("GET /identity/v1/validations/basic/{uuid}", () => {
  it("answers 404 {message: Validación no encontrada.} for an unknown, a malformed and another user's uuid", async () => {
    const owner = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const { json } = await create(owner.key, { cic: maria.cic, identificador_ciudadano: maria.identificador_ciudadano });
    for (const id of [json.uuid, "0f0f0f0f-0000-4000-8000-000000000000", "123"]) {
      const res = await show(stranger.key, id);
      expect(res.res.status, id).toBe(404);
      expect(res.json).toEqual({ message: "Validación no encontrada." });
    }
  });
});

describe("the worker and the webhook", () => {
  const hooks = receiverForWorkerTests();

  it("completes the validation and POSTs the final object once, signed", async () => {
    const { key, user } = await seedUserWithKey();
    await startWorker();
    const { json: created } = await create(key, { cic: jose.cic, identificador_ciudadano: jose.identificador_ciudadano, webhook: hooks.url() });
    const got = await waitFor(() => hooks.received.find((r) => JSON.parse(r.body).uuid === created.uuid));
    const body = verifyWebhook(user.webhookSecret, got);
    const { json } = await show(key, created.uuid);
    expect(json.status).toBe("completed");
    expect(body).toEqual(json);
    expect(await processIneValidation(getDb(), created.uuid, deps())).toEqual({ kind: "already-final" });
    await new Promise((r) => setTimeout(r, 1500));
    expect(hooks.received.filter((r) => JSON.parse(r.body).uuid === created.uuid)).toHaveLength(1);
    expect(await getDb().$count(webhookDeliveries, eq(webhookDeliveries.userId, user.id))).toBe(1);
  });
});
