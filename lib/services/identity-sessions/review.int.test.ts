import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { getDb } from "@/lib/db/client";
import { auditEvents, identitySessionComments, identitySessions, storedFiles, type SessionChecks, type SessionStatus } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { sessionReviewFilters } from "@/lib/schemas/identity-review";
import type { Actor } from "@/lib/services/actor";
import { seedUser } from "@/test/factories/seed";
import { addSessionComment } from "./add-session-comment";
import { findSessionForReview } from "./find-session-for-review";
import { listSessionsForReview } from "./list-sessions-for-review";
import { moveSession } from "./move-session";
import { readSessionFileForReview } from "./read-session-file-for-review";

type Person = { nombre_completo: string; curp: string };

const JOSE: Person = { nombre_completo: "JOSÉ ÁNGEL NÚÑEZ GARCÍA", curp: "NUGA800715HJCXRN07" };
const SOFIA: Person = { nombre_completo: "SOFIA IBANEZ PENA", curp: "IAPS901203MNLBXF09" };

/** The evidence the checks job writes, as it will write it (SessionChecks), for one person. */
function evidence(person: Person, opts: { curpIn?: "document" | "ocr" } = {}) {
  const checks: SessionChecks = {
    checked_at: "2026-11-20T16:00:00.000Z",
    outcomes: [
      { validation: "INE", passed: false, reasons: ["lista_nominal_reportada", "rostro_no_coincide"] },
      { validation: "CURP", passed: true, reasons: [] },
    ],
    mrz: { valid: true, reason: null, lines: ["IDMEX2000000024<<1456100000002", "8007151H3312315MEX<02<<12345<7", "NUNEZ<GARCIA<<JOSE<ANGEL<<<<<<"] },
    front_words: 61,
    face: { similarity: 0.41, threshold: 0.55, card_faces: 1, selfie_faces: 1, live: 0.93, real: 0.88 },
    liveness: null,
    errors: [],
  };
  return {
    status: "FINISHED" as const,
    result: 50,
    documentData: { cic: "200000002", curp: opts.curpIn === "ocr" ? null : person.curp, id_ciudadano: "100000002" },
    ocr: { ocr_frontal: { nombre_completo: person.nombre_completo, curp: opts.curpIn === "document" ? null : person.curp, sexo: "H" }, ocr_reverso: { mrz: checks.mrz!.lines } },
    verifications: { curp_valido: true, fecha_nacimiento_match: true, sexo_match: true, nombre_match: true, seccion_match: null, clave_elector_match: true, numero_emision_match: null },
    ine: { estado: "REPORTADA", registro: { modelo: "H", vigencia: "2033", seccion: "1456", entidad: "JALISCO" }, consultado_en: "2026-11-20T16:00:00Z" },
    renapo: { estatus: "ENCONTRADA", persona: { curp: person.curp, estatus_curp: "AN" }, consultado_en: "2026-11-20T16:00:00Z" },
    checks,
  };
}

async function insertSession(userId: string, values: Partial<typeof identitySessions.$inferInsert> = {}) {
  const createdAt = values.createdAt ?? new Date("2026-11-20T15:00:00.000Z");
  const [row] = await getDb()
    .insert(identitySessions)
    .values({
      userId,
      validations: ["INE", "CURP"],
      apiVersion: 3,
      formToken: crypto.randomBytes(32).toString("base64url"),
      expiresAt: new Date(createdAt.getTime() + 72 * 3_600_000),
      createdAt,
      updatedAt: createdAt,
      ...values,
    })
    .returning();
  return row!;
}

async function errorOf(work: Promise<unknown>): Promise<AppError> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

const filters = (given: Record<string, string> = {}) => sessionReviewFilters.parse(given);
const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

describe("reviewing identity sessions: who sees what", () => {
  it("shows a user their own sessions only; another user's is 'not found', as an unknown id is; an admin sees both", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const admin = await seedUser({ role: "admin" });
    const mine = await insertSession(a.user.id, evidence(JOSE));
    const theirs = await insertSession(b.user.id, evidence(SOFIA));

    expect(ids((await listSessionsForReview(getDb(), a.actor, filters())).rows)).toEqual([mine.id]);
    expect(ids((await listSessionsForReview(getDb(), b.actor, filters())).rows)).toEqual([theirs.id]);
    const all = await listSessionsForReview(getDb(), admin.actor, filters());
    expect(ids(all.rows)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(all.rows.find((r) => r.id === theirs.id)).toMatchObject({ ownerEmail: b.user.email, name: "SOFIA IBANEZ PENA", curp: SOFIA.curp, status: "FINISHED", result: 50 });

    const foreign = await errorOf(findSessionForReview(getDb(), a.actor, theirs.id));
    const unknown = await errorOf(findSessionForReview(getDb(), a.actor, crypto.randomUUID()));
    const malformed = await errorOf(findSessionForReview(getDb(), a.actor, "no-es-un-uuid"));
    expect([foreign.code, foreign.message]).toEqual([unknown.code, unknown.message]);
    expect([malformed.code, malformed.message]).toEqual([unknown.code, unknown.message]);
    expect(foreign.code).toBe("NOT_FOUND");

    const seen = await findSessionForReview(getDb(), admin.actor, theirs.id);
    expect(seen.owner).toEqual({ name: b.user.name, email: b.user.email });
    expect(seen.session.checks?.face?.similarity).toBe(0.41);
    expect((await findSessionForReview(getDb(), b.actor, theirs.id)).session.id).toBe(theirs.id);
  });

  it("keeps an admin's API key to its own sessions: seeing everyone's is for the admin signed in to the dashboard", async () => {
    const admin = await seedUser({ role: "admin" });
    const other = await seedUser();
    const own = await insertSession(admin.user.id);
    const foreign = await insertSession(other.user.id);
    const viaKey: Actor = { ...admin.actor, via: "apiKey" };
    expect(ids((await listSessionsForReview(getDb(), viaKey, filters())).rows)).toEqual([own.id]);
    expect((await errorOf(findSessionForReview(getDb(), viaKey, foreign.id))).code).toBe("NOT_FOUND");
  });

  it("lets nobody comment on a session they cannot see, and writes nothing when refused", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const admin = await seedUser({ role: "admin", name: "Revisora Íñiguez" });
    const theirs = await insertSession(b.user.id);

    expect((await errorOf(addSessionComment(getDb(), a.actor, theirs.id, { body: "Intento ajeno" }))).code).toBe("NOT_FOUND");
    expect(await getDb().$count(identitySessionComments, eq(identitySessionComments.sessionId, theirs.id))).toBe(0);

    await addSessionComment(getDb(), b.actor, theirs.id, { body: "  La selfie está borrosa.  " });
    await addSessionComment(getDb(), admin.actor, theirs.id, { body: "Revisado: pedir otra selfie.\nSegunda línea con ñ." });
    const { comments } = await findSessionForReview(getDb(), admin.actor, theirs.id);
    expect(comments.map((c) => [c.authorName, c.body])).toEqual([
      [b.user.name, "La selfie está borrosa."],
      ["Revisora Íñiguez", "Revisado: pedir otra selfie.\nSegunda línea con ñ."],
    ]);
    expect(comments[0]!.createdAt).toBeInstanceOf(Date);
    const audited = await getDb().select().from(auditEvents).where(and(eq(auditEvents.action, "identity_session.commented"), eq(auditEvents.subjectId, theirs.id)));
    expect(audited.map((e) => e.actorUserId).sort()).toEqual([b.user.id, admin.user.id].sort());
  });

  it("refuses an empty, blank or too long comment, with the field that is wrong", async () => {
    const { user, actor } = await seedUser();
    const session = await insertSession(user.id);
    for (const body of ["", "   \n  ", "x".repeat(2001), undefined, 42]) {
      const err = await errorOf(addSessionComment(getDb(), actor, session.id, { body }));
      expect(err.code, JSON.stringify(body)).toBe("INVALID");
      expect(Object.keys(err.errors ?? {})).toEqual(["body"]);
    }
    expect(await getDb().$count(identitySessionComments, eq(identitySessionComments.sessionId, session.id))).toBe(0);
    await addSessionComment(getDb(), actor, session.id, { body: "y".repeat(2000) });
    expect(await getDb().$count(identitySessionComments, eq(identitySessionComments.sessionId, session.id))).toBe(1);
  });

  it("serves a session's image only to who may review it, with its stored type", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const admin = await seedUser({ role: "admin" });
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(64)]);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(64)]);
    const front = await fileStorage().put(jpeg);
    await getDb().insert(storedFiles).values({ sha256: front.sha256, size: front.size, contentType: "image/jpeg" }).onConflictDoNothing();
    // Stored, but with no stored_files row: its type is read from its first bytes.
    const selfie = await fileStorage().put(png);
    const session = await insertSession(b.user.id, { files: { ine_front: front.sha256, selfie: selfie.sha256 } });

    const got = await readSessionFileForReview(getDb(), admin.actor, session.id, "ine_front");
    expect(got).toMatchObject({ contentType: "image/jpeg", inline: true });
    expect(Buffer.compare(got.bytes, jpeg)).toBe(0);
    expect((await readSessionFileForReview(getDb(), b.actor, session.id, "selfie")).contentType).toBe("image/png");

    expect((await errorOf(readSessionFileForReview(getDb(), a.actor, session.id, "ine_front"))).code).toBe("NOT_FOUND");
    // A kind the session does not have, or that does not exist at all.
    expect((await errorOf(readSessionFileForReview(getDb(), b.actor, session.id, "ine_back"))).code).toBe("NOT_FOUND");
    expect((await errorOf(readSessionFileForReview(getDb(), b.actor, session.id, "../../etc/passwd"))).code).toBe("NOT_FOUND");

    const review = await findSessionForReview(getDb(), b.actor, session.id);
    expect(review.files).toEqual([
      { kind: "ine_front", contentType: "image/jpeg", size: jpeg.byteLength },
      { kind: "selfie", contentType: null, size: null },
    ]);
  });

  it("reads an OPEN session with no evidence at all, and lists only this session's status webhooks", async () => {
    const { user, actor } = await seedUser();
    const open = await insertSession(user.id, { webhook: "https://cliente.example/hook" });
    const other = await insertSession(user.id, { webhook: "https://cliente.example/hook" });

    const bare = await findSessionForReview(getDb(), actor, open.id);
    expect(bare.session).toMatchObject({ status: "OPEN", checks: null, ocr: null, documentData: null, ine: null, renapo: null, verifications: null });
    expect(bare).toMatchObject({ files: [], comments: [], deliveries: [] });

    const now = new Date("2026-11-20T16:00:00.000Z");
    await moveSession(getDb(), open.id, { from: ["OPEN"], to: "VERIFYING", now });
    await moveSession(getDb(), open.id, { from: ["VERIFYING"], to: "FINISHED", result: 100, now });
    await moveSession(getDb(), other.id, { from: ["OPEN"], to: "FAILED", result: 0, now });
    const { deliveries } = await findSessionForReview(getDb(), actor, open.id);
    expect(deliveries).toHaveLength(2);
    expect(deliveries.every((d) => d.eventType === "identity_session.status_changed" && (d.payload as { data: { id: string } }).data.id === open.id)).toBe(true);
    // A stranger sees none of them, since the session itself is hidden.
    const stranger = await seedUser();
    expect((await errorOf(findSessionForReview(getDb(), stranger.actor, open.id))).code).toBe("NOT_FOUND");
  });
});

describe("reviewing identity sessions: filters, search and pages", () => {
  it("filters by status and by creation day in Mexico City time, both ends included", async () => {
    const { user, actor } = await seedUser();
    const at = (iso: string, status: SessionStatus = "OPEN") => insertSession(user.id, { createdAt: new Date(iso), status });
    // 05:30 UTC on the 20th is still the 19th (23:30) in Mexico City (UTC-6).
    const lateOn19 = await at("2026-11-20T05:30:00.000Z", "FAILED");
    const firstOn20 = await at("2026-11-20T06:00:00.000Z", "FINISHED");
    const lastOn21 = await at("2026-11-22T05:59:59.999Z", "FINISHED");
    const on22 = await at("2026-11-22T06:00:00.000Z");

    expect(ids((await listSessionsForReview(getDb(), actor, filters({ status: "FINISHED" }))).rows)).toEqual(ids([firstOn20, lastOn21]));
    expect(ids((await listSessionsForReview(getDb(), actor, filters({ from: "2026-11-20" }))).rows)).toEqual(ids([firstOn20, lastOn21, on22]));
    expect(ids((await listSessionsForReview(getDb(), actor, filters({ to: "2026-11-19" }))).rows)).toEqual(ids([lateOn19]));
    expect(ids((await listSessionsForReview(getDb(), actor, filters({ from: "2026-11-20", to: "2026-11-21" }))).rows)).toEqual(ids([firstOn20, lastOn21]));
    expect(ids((await listSessionsForReview(getDb(), actor, filters({ from: "2026-11-20", to: "2026-11-21", status: "FAILED" }))).rows)).toEqual([]);
    // Filters that make no sense are ignored rather than failing the page.
    expect((await listSessionsForReview(getDb(), actor, filters({ status: "BORRADO", from: "ayer", page: "-3" }))).total).toBe(4);
  });

  it("finds a session by CURP (settled or read on the card), by name with or without accents, and by id", async () => {
    const { user, actor } = await seedUser();
    const jose = await insertSession(user.id, evidence(JOSE, { curpIn: "document" }));
    const sofia = await insertSession(user.id, evidence(SOFIA, { curpIn: "ocr" }));
    await insertSession(user.id); // nothing read yet: never matches a search
    const search = async (q: string) => ids((await listSessionsForReview(getDb(), actor, filters({ q }))).rows);

    expect(await search("NUGA800715HJCXRN07")).toEqual([jose.id]);
    expect(await search("nuga800715")).toEqual([jose.id]);
    expect(await search("IAPS901203MNLBXF09")).toEqual([sofia.id]);
    expect(await search("nuñez")).toEqual([jose.id]);
    expect(await search("Nunez Garcia")).toEqual([jose.id]);
    expect(await search("josé   ángel")).toEqual([jose.id]);
    // Accents typed where the card has none.
    expect(await search("Ibáñez Peña")).toEqual([sofia.id]);
    expect(await search("SOFÍA")).toEqual([sofia.id]);
    expect(await search(sofia.id)).toEqual([sofia.id]);
    // LIKE's wildcards are plain characters here.
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
    expect(await search("PÉREZ")).toEqual([]);
  });

  it("pages twenty at a time, newest first", async () => {
    const { user, actor } = await seedUser();
    const base = Date.parse("2026-11-01T12:00:00.000Z");
    const made = [];
    for (let i = 0; i < 23; i++) made.push(await insertSession(user.id, { createdAt: new Date(base + i * 60_000) }));
    const first = await listSessionsForReview(getDb(), actor, filters());
    const second = await listSessionsForReview(getDb(), actor, filters({ page: "2" }));
    expect([first.total, first.rows.length, second.rows.length]).toEqual([23, 20, 3]);
    expect(first.rows[0]!.id).toBe(made[22]!.id);
    expect(second.rows.at(-1)!.id).toBe(made[0]!.id);
  });
});
