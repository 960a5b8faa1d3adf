import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { identitySessions } from "@/lib/db/schema";
import { printedFront, renderIneBack, renderIneFront } from "@/lib/adapters/ine/sandbox-cards";
import { SANDBOX_FACES, TURNING_FACE, cardPhoto, selfie, type FaceSource } from "@/lib/adapters/ine/sandbox-faces";
import { SANDBOX_VOTERS, type SandboxVoter } from "@/lib/adapters/ine/sandbox-voters";
import { RegistryUnavailableError } from "@/lib/adapters/registry-http/post-registry";
import { startWorker } from "@/lib/jobs/worker";
import { checkSession, CHECK_MAX_ATTEMPTS, defaultCheckDeps } from "@/lib/services/identity-sessions/check-session";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { receiverForWorkerTests, verifyWebhook, waitFor } from "@/test/webhook-receiver";
import { POST as createV3 } from "@/app/identity/v3/identity/sessions/route";
import { POST as createV2 } from "@/app/identity/v2/identity/sessions/route";
import { GET as detailV2 } from "@/app/identity/v2/identity/sessions/[id]/route";
import { GET as fileGet } from "@/app/identity/v2/identity/sessions/[id]/files/[kind]/route";
import { POST as capture } from "./files/[kind]/route";
import { POST as submit } from "./submit/route";
import { GET as status } from "./status/route";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function open(key: string, body: object = {}) {
  const res = await call(createV3, "/identity/v3/identity/sessions", {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Json;
  return { id: json.uuid as string, token: String(json.verification_url).split("/").pop()! };
}

/** Version 2's creation, as the identity service's existing clients send it. */
async function openV2(key: string, body: object) {
  const res = await call(createV2, "/identity/v2/identity/sessions", {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  const json = (await res.json()) as { data: Json };
  return { id: json.data.id as string, token: String(json.data.form_url).split("/").pop()!, created: json.data };
}

/**
 * Where existing clients of the identity service read a session, in the detail with
 * include=ine,renapo,files and in the webhook (issue 15): every path must lead to a value.
 */
const CLIENT_PATHS = [
  "object", "id", "status", "result", "optionals", "comments", "errors",
  "ine.data.result.status", "ine.data.result.message", "renapo.data.result.status", "renapo.data.result.message", "renapo.data.result.registros.0.curp",
  "ocr.ocr_frontal.nombre_completo", "document_data.cic", "document_data.curp", "document_data.id_ciudadano",
  "verifications.nombre_match", "verifications.sexo_match", "verifications.fecha_nacimiento_match", "verifications.seccion_match", "verifications.clave_elector_match",
  "files.0.object", "files.0.id", "files.0.file_type", "files.0.mime_type", "files.0.size", "files.0.url", "files.0.created_at", "files.0.updated_at",
];
const at = (value: unknown, path: string) => path.split(".").reduce<unknown>((v, step) => (v !== null && typeof v === "object" && step in v ? (v as Json)[step] : undefined), value);

function send(token: string, kind: string, bytes: Uint8Array) {
  return call(capture, `/identity/verify/${token}/files/${kind}`, {
    method: "POST",
    headers: { "content-type": "image/jpeg" },
    body: Buffer.from(bytes),
    params: { token, kind },
  });
}

async function detail(key: string, id: string) {
  const res = await call(detailV2, `/identity/v2/identity/sessions/${id}?include=ine,renapo,files`, { headers: { authorization: `Bearer ${key}` }, params: { id } });
  return (await res.json()) as { data: Json };
}

type Captures = { front: Buffer; back: Buffer; selfie: Buffer };
async function capturesOf(voter: SandboxVoter, face: number | FaceSource, selfieFace = face): Promise<Captures> {
  const source = (f: number | FaceSource) => (typeof f === "number" ? SANDBOX_FACES[f]! : f);
  return {
    front: await renderIneFront(voter, { photo: await cardPhoto(source(face)) }),
    back: await renderIneBack(voter),
    selfie: await selfie(source(selfieFace)),
  };
}

async function captureAll(token: string, c: Captures) {
  for (const [kind, bytes] of [["ine_front", c.front], ["ine_back", c.back], ["selfie", c.selfie]] as const) {
    const res = await send(token, kind, bytes);
    expect(res.status, `${kind}: ${await res.clone().text()}`).toBe(200);
  }
}

const maria = SANDBOX_VOTERS[0]!; // VIGENTE
const luis = SANDBOX_VOTERS[3]!; // REPORTADA

describe("the verification page's API and the checks job", () => {
  const hooks = receiverForWorkerTests();
  let mariaCaptures: Captures;
  beforeAll(async () => {
    mariaCaptures = await capturesOf(maria, 0);
  });

  it("finishes below 100 with the reasons kept: another face fails INE (CURP passes); a reported card fails INE", async () => {
    const { key } = await seedUserWithKey();
    const cases = [
      { captures: { ...mariaCaptures, selfie: await selfie(SANDBOX_FACES[4]!) }, reasons: ["rostro_no_coincide"] },
      { captures: await capturesOf(luis, 3), reasons: ["lista_nominal_reportada"] },
    ];
    const rows = [];
    for (const c of cases) {
      const { id, token } = await open(key);
      await captureAll(token, c.captures);
      await call(submit, `/identity/verify/${token}/submit`, { method: "POST", params: { token } });
      const outcome = await checkSession(getDb(), id);
      const [row] = await getDb().select().from(identitySessions).where(eq(identitySessions.id, id));
      expect(outcome.kind).toBe("finished");
      expect(row!.checks!.outcomes.find((o) => o.validation === "INE")).toEqual({ validation: "INE", passed: false, reasons: c.reasons });
      rows.push(row!);
    }
    // The other face: under the threshold, and the CURP (read, valid, current in RENAPO) passes: 50.
    const [otherFace, reported] = rows;
    expect(otherFace!.result).toBe(50);
    // The detail says why, where clients read it.
    const otherDetail = await detail(key, otherFace!.id);
    expect(otherDetail.data.errors).toEqual(["rostro_no_coincide"]);
    expect(otherDetail.data.ine.data.result).toEqual({ status: true, message: "La credencial es válida", estado: "VIGENTE" });
    const reportedDetail = await detail(key, rows[1]!.id);
    expect(reportedDetail.data.ine.data.result).toMatchObject({ status: false, estado: "REPORTADA" });
    expect(otherFace!.checks!.face!.similarity!).toBeLessThan(otherFace!.checks!.face!.threshold);
    expect(otherFace!.checks!.outcomes.find((o) => o.validation === "CURP")).toEqual({ validation: "CURP", passed: true, reasons: [] });
    // The reported card's own face matches its selfie; the session result is at most 50.
    expect(reported!.checks!.face!.similarity!).toBeGreaterThanOrEqual(reported!.checks!.face!.threshold);
    expect(reported!.result).toBeLessThanOrEqual(50);
  }, 120_000);

  it("judges the liveness turn on the server: the same still twice fails, a turned capture of the same face passes", async () => {
    const { key } = await seedUserWithKey();
    const jose = SANDBOX_VOTERS[1]!;
    // José's own sandbox face looks straight ahead; the turn needs TURNING_FACE.
    const captures = await capturesOf(jose, TURNING_FACE);
    // Its selfie looks almost ahead (yaw ~0.19 rad); mirrored, the head points the other way
    // (~-0.19): a turn of ~0.37 rad, over MIN_TURN, as a person turning their head would give.
    const turned = await sharp(captures.selfie).flop().jpeg({ quality: 90 }).toBuffer();
    const results: Record<string, { result: number | null; liveness: unknown }> = {};
    for (const [name, second] of [["still", captures.selfie], ["turned", turned]] as const) {
      const { id, token } = await open(key, { validations: ["INE", "CURP", "LIVENESS_DETECTION"] });
      await captureAll(token, captures);
      const submitEarly = await call(submit, `/identity/verify/${token}/submit`, { method: "POST", params: { token } });
      expect(submitEarly.status).toBe(422);
      expect(((await submitEarly.json()) as Json).errors).toEqual({ liveness: ["required"] });
      expect((await send(token, "liveness", second)).status).toBe(200);
      await call(submit, `/identity/verify/${token}/submit`, { method: "POST", params: { token } });
      await checkSession(getDb(), id);
      const [row] = await getDb().select().from(identitySessions).where(eq(identitySessions.id, id));
      results[name] = { result: row!.result, liveness: row!.checks!.liveness };
    }
    expect(results.still).toMatchObject({ result: 67, liveness: { challenge: "turn_head", passed: false, reasons: ["reto_no_cumplido"] } });
    expect(results.turned).toMatchObject({ result: 100, liveness: { challenge: "turn_head", passed: true, reasons: [] } });
  }, 120_000);

  it("refuses captures it cannot use, with a message a person can act on, and keeps nothing", async () => {
    const { key } = await seedUserWithKey();
    const { id, token } = await open(key);
    const cases: [string, Uint8Array, number, RegExp][] = [
      ["ine_back", mariaCaptures.front, 422, /tres líneas/],
      ["selfie", mariaCaptures.back, 422, /No encontramos tu rostro/],
      // Under the 240 px the front reader reads a card at all (lib/adapters/ocr/front-picture.ts).
      ["ine_front", await sharp(mariaCaptures.front).resize({ width: 220 }).jpeg().toBuffer(), 422, /muy pequeña/],
      ["ine_front", Buffer.from("%PDF-1.7 not an image"), 415, /JPEG, PNG o WebP/],
      ["liveness", mariaCaptures.selfie, 409, /no pide prueba de vida/],
    ];
    for (const [kind, bytes, code, message] of cases) {
      const res = await send(token, kind, bytes);
      expect(res.status, kind).toBe(code);
      expect(((await res.json()) as Json).message).toMatch(message);
    }
    const [row] = await getDb().select({ files: identitySessions.files }).from(identitySessions).where(eq(identitySessions.id, id));
    expect(row!.files).toEqual({});

    const missing = await call(submit, `/identity/verify/${token}/submit`, { method: "POST", params: { token } });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as Json).errors).toEqual({ ine_front: ["required"], ine_back: ["required"], selfie: ["required"] });

    for (const bad of ["x".repeat(43), "nope"]) {
      const res = await send(bad, "ine_front", mariaCaptures.front);
      expect(res.status).toBe(404);
    }
  }, 60_000);

  it("FAILS the session (result 0) after 10 unreadable captures: the process cannot complete", async () => {
    const { key } = await seedUserWithKey();
    const { id, token } = await open(key);
    const codes = [];
    // A card's back has no face: a refused selfie, each time.
    for (let i = 0; i < 10; i++) codes.push((await send(token, "selfie", mariaCaptures.back)).status);
    expect(codes).toEqual([422, 422, 422, 422, 422, 422, 422, 422, 422, 409]);
    const [row] = await getDb().select().from(identitySessions).where(eq(identitySessions.id, id));
    expect(row).toMatchObject({ status: "FAILED", result: 0, refusedCaptures: 10, checks: { errors: ["documentos_ilegibles", "rostro_no_encontrado"] } });
    const last = await send(token, "selfie", mariaCaptures.selfie);
    expect(last.status).toBe(409);
  }, 60_000);

  it("limits captures per link: 20 a minute, then 429 with nothing read", async () => {
    const { key } = await seedUserWithKey();
    const { token } = await open(key);
    const codes = [];
    for (let i = 0; i < 21; i++) codes.push((await send(token, "ine_front", Buffer.from("not an image"))).status);
    expect(codes.slice(0, 20).every((c) => c === 415)).toBe(true);
    expect(codes[20]).toBe(429);
  });

  it("retries a registry that does not answer and, after the last attempt, FAILS the session with result 0", async () => {
    const { key } = await seedUserWithKey();
    const { id, token } = await open(key);
    await captureAll(token, mariaCaptures);
    await call(submit, `/identity/verify/${token}/submit`, { method: "POST", params: { token } });
    const down = { ...defaultCheckDeps(), curpRegistry: { lookUp: async () => Promise.reject(new RegistryUnavailableError("RENAPO answered 503")) } };
    for (let attempt = 1; attempt < CHECK_MAX_ATTEMPTS; attempt++) expect((await checkSession(getDb(), id, down)).kind).toBe("retry");
    expect(await checkSession(getDb(), id, down)).toEqual({ kind: "failed", reason: "registro_no_disponible" });
    const [row] = await getDb().select().from(identitySessions).where(eq(identitySessions.id, id));
    expect(row).toMatchObject({ status: "FAILED", result: 0, attempts: CHECK_MAX_ATTEMPTS });
    // Once final, the job does nothing more.
    expect(await checkSession(getDb(), id)).toEqual({ kind: "already-done" });
    // And the page takes no more captures.
    expect((await send(token, "selfie", mariaCaptures.selfie)).status).toBe(409);
  }, 120_000);

  it("takes a version-2 session from OPEN to FINISHED with result 100 through the page, fills every v2 field from the card, and signs a webhook for each change", async () => {
    const { key, user } = await seedUserWithKey();
    // Key order and nesting as a client wrote them: echoed byte for byte everywhere.
    const optionals = { expediente: "Ñ-42", orden: [2, 1], cliente: { id: 7, "país": "MX" } };
    const customization = { button_color: "#1E1B4B", background_color: "#FAFAF9", primary_color: "#6D28D9", secondary_color: "#EDE9FE", button_text_color: "#FDE68A" };
    const { id, token, created } = await openV2(key, { validations: ["INE", "CURP"], redirect_url: "https://cliente.example/listo", webhook: hooks.url(), optionals, customization });
    expect(created).toMatchObject({ object: "VerificationSession", id, status: "OPEN", result: null, customization });
    expect(JSON.stringify(created.optionals)).toBe(JSON.stringify(optionals));
    // The page gets the colors it paints with.
    const page = (await (await call(status, `/identity/verify/${token}/status`, { params: { token } })).json()) as Json;
    expect(page.branding).toEqual(customization);
    await captureAll(token, mariaCaptures);

    const first = await call(submit, `/identity/verify/${token}/submit`, { method: "POST", params: { token } });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: "VERIFYING" });
    // Sending again changes nothing (no second job, no second webhook).
    expect(await (await call(submit, `/identity/verify/${token}/submit`, { method: "POST", params: { token } })).json()).toEqual({ status: "VERIFYING" });

    await startWorker();
    const finished = await waitFor(async () => {
      const res = await call(status, `/identity/verify/${token}/status`, { params: { token } });
      const view = (await res.json()) as Json;
      return view.status === "FINISHED" ? view : undefined;
    }, 60_000);
    expect(finished).toMatchObject({ status: "FINISHED", captured: { ine_front: true, ine_back: true, selfie: true } });

    const { data } = await detail(key, id);
    expect(data).toMatchObject({ object: "VerificationSession", id, status: "FINISHED", result: 100, validations: ["INE", "CURP"], customization });
    expect(JSON.stringify(data.optionals)).toBe(JSON.stringify(optionals));
    for (const path of CLIENT_PATHS) expect(at(data, path), `detail: ${path}`).not.toBeUndefined();
    expect(data.document_data).toEqual({ cic: maria.cic, curp: maria.curp, id_ciudadano: maria.identificador_ciudadano });
    // Maria's card is a model G: the 2019 front prints no EMISIÓN (its year opens VIGENCIA 2021 -
    // 2031) nor ESTADO, MUNICIPIO and LOCALIDAD, and the emission number after the año de registro.
    expect(data.ocr.ocr_frontal).toEqual(printedFront(maria));
    expect(data.ocr.ocr_reverso.mrz).toHaveLength(3);
    expect(data.ocr.ocr_reverso.mrz[0]).toMatch(/^IDMEX/);
    expect(data.verifications).toEqual({ curp_valido: true, fecha_nacimiento_match: true, sexo_match: true, nombre_match: true, seccion_match: true, clave_elector_match: true, numero_emision_match: true });
    expect(data.ine).toMatchObject({ estado: "VIGENTE", registro: { seccion: maria.seccion } });
    expect(data.renapo).toMatchObject({ estatus: "ENCONTRADA", persona: { curp: maria.curp, estatus_curp: "AN" } });
    expect(data.files.map((f: Json) => f.type)).toEqual(["ine_front", "ine_back", "selfie"]);
    // Where the identity service's existing clients read the verdicts, the score and the files.
    expect(data.ine.data.result).toEqual({ status: true, message: "La credencial es válida", estado: "VIGENTE" });
    expect(data.renapo.data.result).toMatchObject({ status: true, message: "Búsqueda exitosa por curp", codigo: "01" });
    const [y, m, d] = maria.fecha_nacimiento.split("-");
    expect(data.renapo.data.result.registros).toEqual([
      {
        curp: maria.curp,
        nombres: maria.nombres,
        primerApellido: maria.primer_apellido,
        segundoApellido: maria.segundo_apellido,
        sexo: maria.sexo === "H" ? "HOMBRE" : "MUJER",
        fechaNacimiento: `${d}/${m}/${y}`,
        nacionalidad: "MEX",
        entidad: expect.any(String),
        claveEntidad: maria.curp.slice(11, 13),
        statusCurp: "AN",
        statusCurpDesc: "Alta normal",
      },
    ]);
    expect(data.comments).toEqual([]);
    expect(data.errors).toBeNull();
    expect(data.files.map((f: Json) => [f.object, f.file_type, f.mime_type, f.size])).toEqual([
      ["file", "ine_front", "image/jpeg", mariaCaptures.front.length],
      ["file", "ine_back", "image/jpeg", mariaCaptures.back.length],
      ["file", "selfie", "image/jpeg", mariaCaptures.selfie.length],
    ]);
    for (const f of data.files) expect(Object.keys(f)).toEqual(expect.arrayContaining(["object", "id", "file_type", "mime_type", "size", "url", "created_at", "updated_at"]));

    // A file link opens the stored image with no API key; a tampered one does not.
    const link = new URL(data.files[2].url);
    const image = await call(fileGet, link.pathname + link.search, { params: { id, kind: "selfie" } });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await image.arrayBuffer()).equals(mariaCaptures.selfie)).toBe(true);
    const tampered = await call(fileGet, link.pathname.replace("selfie", "ine_front") + link.search, { params: { id, kind: "ine_front" } });
    expect(tampered.status).toBe(403);

    // The receiver saw OPEN→VERIFYING and VERIFYING→FINISHED once each, signed, optionals as sent.
    const mine = await waitFor(() => {
      const got = hooks.received.filter((r) => JSON.parse(r.body).data?.id === id);
      return got.length >= 2 ? got : undefined;
    });
    await new Promise((r) => setTimeout(r, 500));
    const bodies = hooks.received.filter((r) => JSON.parse(r.body).data?.id === id).map((r) => verifyWebhook(user.webhookSecret, r) as Json);
    expect(mine.length).toBe(2);
    expect(bodies.map((b) => `${b.previous_status}→${b.data.status}`).sort()).toEqual(["OPEN→VERIFYING", "VERIFYING→FINISHED"]);
    for (const b of bodies) expect(JSON.stringify(b.data.optionals)).toBe(JSON.stringify(optionals));
    const done = bodies.find((b) => b.data.status === "FINISHED")!;
    expect(done.data).toMatchObject({ result: 100, document_data: { curp: maria.curp } });
    expect(done.data.files.map((f: Json) => f.type)).toEqual(["ine_front", "ine_back", "selfie"]);
    // The whole session, as the identity service's clients read it from the webhook.
    for (const b of bodies) expect(b).toMatchObject({ data: { object: "VerificationSession", id }, meta: { include: ["ine", "renapo", "files"] } });
    expect(done.data).toMatchObject({
      ocr: { ocr_frontal: { nombre_completo: `${maria.nombres} ${maria.primer_apellido} ${maria.segundo_apellido}` } },
      document_data: { cic: maria.cic, curp: maria.curp, id_ciudadano: maria.identificador_ciudadano },
      verifications: { nombre_match: true, sexo_match: true, fecha_nacimiento_match: true, clave_elector_match: true },
      ine: { data: { result: { status: true, message: "La credencial es válida" } } },
      renapo: { data: { result: { status: true, registros: [{ curp: maria.curp }] } } },
      errors: null,
      comments: [],
    });
    // The FINISHED webhook holds what the detail holds at each of those paths (links are signed afresh).
    for (const path of CLIENT_PATHS) expect(at(done.data, path), `webhook: ${path}`).toEqual(path === "files.0.url" ? expect.stringContaining(`/identity/v2/identity/sessions/${id}/files/`) : at(data, path));
    expect(done.data.customization).toEqual(customization);
    expect(done.data.files.map((f: Json) => [f.object, f.file_type, f.mime_type])).toEqual([
      ["file", "ine_front", "image/jpeg"],
      ["file", "ine_back", "image/jpeg"],
      ["file", "selfie", "image/jpeg"],
    ]);
  }, 120_000);
});
