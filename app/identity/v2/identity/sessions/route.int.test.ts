import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { identitySessions, outboxMessages, users } from "@/lib/db/schema";
import { addSessionComment } from "@/lib/services/identity-sessions/add-session-comment";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { POST as createV3 } from "../../../v3/identity/sessions/route";
import { GET as show } from "./[id]/route";
import { GET as list, POST as createV2 } from "./route";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;

async function create(key: string, body: unknown = {}) {
  const res = await call(createV3, "/identity/v3/identity/sessions", { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  return (await res.json()) as Json;
}
async function createWithV2(key: string, body: unknown) {
  const res = await call(createV2, "/identity/v2/identity/sessions", { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  return { res, json: (await res.json()) as Json };
}
async function detail(key: string, id: string, include?: string) {
  const res = await call(show, `/identity/v2/identity/sessions/${id}${include === undefined ? "" : `?include=${include}`}`, { headers: { authorization: `Bearer ${key}` }, params: { id } });
  return { res, json: (await res.json()) as Json };
}
async function page(key: string, query = "") {
  const res = await call(list, `/identity/v2/identity/sessions${query}`, { headers: { authorization: `Bearer ${key}` } });
  return { res, json: (await res.json()) as Json };
}

describe("GET /identity/v2/identity/sessions/{id}", () => {
  it("shows a version-3 session in the v2 shape, field by field, wrapped in data and meta", async () => {
    const { key } = await seedUserWithKey();
    const optionals = { pedido: "A-17", cliente: { nombre: "Begoña Núñez" } };
    const created = await create(key, { validations: ["CURP"], redirect_url: "https://c.example/fin", webhook: "https://c.example/h", only_mobile_devices: true, optionals });
    const { res, json } = await detail(key, created.uuid);
    expect(res.status).toBe(200);
    expect(Object.keys(json).sort()).toEqual(["data", "meta"]);
    expect(json.meta).toEqual({ include: [] });
    expect(json.data).toEqual({
      object: "VerificationSession",
      id: created.uuid,
      status: "OPEN",
      result: null,
      validations: ["CURP"],
      optionals,
      customization: null,
      only_mobile_devices: true,
      redirect_url: "https://c.example/fin",
      webhook: "https://c.example/h",
      form_url: created.verification_url,
      created_at: created.created_at,
      updated_at: created.updated_at,
      document_data: null,
      ocr: null,
      verifications: null,
      errors: null,
      comments: [],
    });
    expect(json.data.created_at).toMatch(ISO_WITH_OFFSET);
  });

  it("adds ine, renapo and files only when included, and refuses an unknown include", async () => {
    const { key } = await seedUserWithKey();
    const { uuid } = await create(key);
    const all = await detail(key, uuid, "ine,renapo,files");
    expect(all.json.data).toMatchObject({ ine: null, renapo: null, files: [] });
    expect(all.json.meta).toEqual({ include: ["ine", "renapo", "files"] });
    const some = await detail(key, uuid, "renapo");
    expect("renapo" in some.json.data && !("ine" in some.json.data) && !("files" in some.json.data)).toBe(true);
    const bad = await detail(key, uuid, "ine,selfie");
    expect(bad.res.status).toBe(422);
    expect(bad.json).toEqual({ message: "The given data was invalid.", errors: { include: ["The include field may only list ine, renapo and files (not selfie)."] } });
  });

  it("answers the reviewers' notes as data.comments, oldest first", async () => {
    const { key, actor } = await seedUserWithKey();
    const { uuid } = await create(key);
    await addSessionComment(getDb(), actor, uuid, { body: "Foto borrosa" });
    await addSessionComment(getDb(), actor, uuid, { body: "Aprobada tras llamada" });
    const { json } = await detail(key, uuid);
    expect(json.data.comments.map((c: Json) => c.body)).toEqual(["Foto borrosa", "Aprobada tras llamada"]);
    expect(Object.keys(json.data.comments[0]).sort()).toEqual(["body", "created_at", "id"]);
  });

  it("answers 404 {message: Sesión no encontrada.} for another user's, an unknown and a malformed id, identically", async () => {
    const owner = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const { uuid } = await create(owner.key, { optionals: { secreto: "no debe salir" } });
    const answers = await Promise.all([detail(stranger.key, uuid), detail(stranger.key, "6f1c1f4e-0000-4000-8000-000000000000"), detail(stranger.key, "no-es-uuid")]);
    for (const { res, json } of answers) {
      expect(res.status).toBe(404);
      expect(json).toEqual({ message: "Sesión no encontrada." });
    }
  });

  it("answers 401 {message: Unauthorized} without a valid key", async () => {
    const { key } = await seedUserWithKey();
    const { uuid } = await create(key);
    const res = await call(show, `/identity/v2/identity/sessions/${uuid}`, { params: { id: uuid } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Unauthorized" });
  });
});

describe("GET /identity/v2/identity/sessions", () => {
  it("lists only the caller's sessions, newest first, in pages with meta", async () => {
    const { key } = await seedUserWithKey();
    const other = await seedUserWithKey();
    await create(other.key);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create(key, { optionals: { n: i } })).uuid);
    // Distinct creation times, oldest first, so the order is the test's and not the insert's.
    for (const [i, id] of ids.entries()) await getDb().update(identitySessions).set({ createdAt: new Date(Date.UTC(2026, 0, 1 + i)) }).where(eq(identitySessions.id, id));
    const first = await page(key, "?per_page=2");
    expect(first.res.status).toBe(200);
    expect(first.json.meta).toEqual({ current_page: 1, per_page: 2, total: 5, last_page: 3 });
    expect(first.json.data.map((s: Json) => s.id)).toEqual([ids[4], ids[3]]);
    expect(first.json.data[0]).toMatchObject({ object: "VerificationSession", optionals: { n: 4 }, status: "OPEN" });
    const last = await page(key, "?per_page=2&page=3");
    expect(last.json.data.map((s: Json) => s.id)).toEqual([ids[0]]);
    const beyond = await page(key, "?page=9");
    expect(beyond.json).toEqual({ data: [], meta: { current_page: 9, per_page: 15, total: 5, last_page: 1 } });
    await getDb().update(identitySessions).set({ status: "FAILED", result: 0 }).where(eq(identitySessions.id, ids[2]!));
    const failed = await page(key, "?status=FAILED");
    expect(failed.json.data.map((s: Json) => [s.id, s.result])).toEqual([[ids[2], 0]]);
    expect(failed.json.meta.total).toBe(1);
  });

  it("answers 422 for out-of-range paging and an unknown status", async () => {
    const { key } = await seedUserWithKey();
    const cases: [string, Record<string, string[]>][] = [
      ["?page=0", { page: ["The page field must be at least 1."] }],
      ["?per_page=101", { per_page: ["The per_page field must not be greater than 100."] }],
      ["?per_page=0&page=1.5", { page: ["The page field must be an integer."], per_page: ["The per_page field must be at least 1."] }],
      ["?status=DONE", { status: ["The status field must be OPEN, VERIFYING, FINISHED or FAILED."] }],
    ];
    for (const [query, errors] of cases) {
      const { res, json } = await page(key, query);
      expect(res.status, query).toBe(422);
      expect(json, query).toEqual({ message: "The given data was invalid.", errors });
    }
  });
});

describe("POST /identity/v2/identity/sessions", () => {
  it("answers 200 {data, meta} in the v2 shape, spends one transaction, and the session reads the same through v2", async () => {
    const { key, user } = await seedUserWithKey();
    const optionals = { folio: "Ñ-001" };
    const customization = { button_color: "#0B5FFF", background_color: "#FFFFFF", primary_color: "#112233", secondary_color: "#445566", button_text_color: "#fafafa" };
    const body = { validations: ["INE", "CURP", "CURP"], redirect_url: "https://c.example/listo", phone_number: "3312345678", optionals, customization, logo: "https://c.example/logo.png" };
    const { res, json } = await createWithV2(key, body);
    expect(res.status).toBe(200);
    expect(json.meta).toEqual({});
    expect(json.data).toMatchObject({ object: "VerificationSession", status: "OPEN", result: null, validations: ["INE", "CURP"], optionals, customization, only_mobile_devices: false, redirect_url: body.redirect_url, webhook: null, document_data: null });
    expect(json.data.form_url).toMatch(/\/identity\/verify\/[A-Za-z0-9_-]{43}$/);
    expect((await detail(key, json.data.id)).json.data).toEqual(json.data);
    const [row] = await getDb().select().from(identitySessions).where(eq(identitySessions.id, json.data.id));
    expect(row).toMatchObject({ apiVersion: 2, phoneNumber: "3312345678", customBranding: { ...customization, logo: body.logo } });
    const [after] = await getDb().select({ transactions: users.transactions }).from(users).where(eq(users.id, user.id));
    expect(after!.transactions).toBe(user.transactions - 1);
    // The link goes by WhatsApp (the outbox, with no WhatsApp sender configured) to +52 and the number.
    const messages = await getDb().select().from(outboxMessages).where(and(eq(outboxMessages.userId, user.id), eq(outboxMessages.channel, "whatsapp")));
    expect(messages.map((m) => m.recipient)).toEqual(["+523312345678"]);
    expect(messages[0]!.text).toContain(json.data.form_url);
  });

  it("requires validations and redirect_url, has no liveness, and checks the five colors (#RRGGBB) and the logo", async () => {
    const { key, user } = await seedUserWithKey();
    const ok = { validations: ["INE"], redirect_url: "https://c.example/x" };
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { validations: ["The validations field is required."], redirect_url: ["The redirect_url field is required."] }],
      [{ ...ok, validations: ["INE", "LIVENESS_DETECTION"] }, { "validations.1": ["LIVENESS_DETECTION is only available in version 3 (POST /identity/v3/identity/sessions)."] }],
      [{ ...ok, validations: ["RFC"] }, { "validations.0": ["The selected validation is invalid: use INE or CURP."] }],
      [
        { ...ok, customization: { button_color: "azul", button_text_color: "#FFF", primary_color: 255 } },
        {
          "customization.button_color": ["The customization.button_color field must be a hexadecimal color #RRGGBB, such as #1A2B3C."],
          "customization.button_text_color": ["The customization.button_text_color field must be a hexadecimal color #RRGGBB, such as #1A2B3C."],
          "customization.primary_color": ["The customization.primary_color field must be a string."],
        },
      ],
      [{ ...ok, customization: "oscuro" }, { customization: ["The customization field must be an object."] }],
      [{ ...ok, logo: "ftp://c.example/l.png" }, { logo: ["The logo field must be an http(s) URL or an image data URI (data:image/png;base64,…)."] }],
    ];
    for (const [body, errors] of cases) {
      const { res, json } = await createWithV2(key, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(json, JSON.stringify(body)).toEqual({ message: "The given data was invalid.", errors });
    }
    expect(await getDb().$count(identitySessions, eq(identitySessions.userId, user.id))).toBe(0);
  });

  it("answers 402 when no transaction is left", async () => {
    const { key, user } = await seedUserWithKey();
    await getDb().update(users).set({ transactions: 0 }).where(eq(users.id, user.id));
    const { res, json } = await createWithV2(key, { validations: ["CURP"], redirect_url: "https://c.example/x" });
    expect(res.status).toBe(402);
    expect(json).toEqual({ message: "Las transacciones del usuario se han terminado" });
  });
});
