import { describe, expect, it } from "vitest";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { bulkSendRows, bulkSends, documents, signatories } from "@/lib/db/schema";
import { makePdf } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { POST as createTemplate } from "@/app/v1/templates/route";
import { POST as startBulkSend } from "@/app/v1/templates/[id]/bulk-sends/route";
import { GET as getBulkSend } from "@/app/v1/bulk-sends/[id]/route";
import { MAX_BULK_ROWS } from "@/lib/schemas/templates";
import { runBulkSend } from "./run-bulk-send";

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

async function seedTemplate(key: string, extra: Record<string, unknown> = {}) {
  const form = new FormData();
  form.set("file", new File([(await makePdf(1)) as BlobPart], "pagare.pdf", { type: "application/pdf" }));
  form.set("template", JSON.stringify({ name: "Pagaré", roles: [{ key: "deudor", label: "Deudor" }, { key: "aval", label: "Aval", rfc: "GODE561231GR8" }], notification_mode: "DISABLED", ...extra }));
  const res = await call(createTemplate, "/v1/templates", { method: "POST", headers: auth(key), body: form });
  expect(res.status).toBe(201);
  return (await res.json()).data.id as string;
}

const header = "deudor.nombre,deudor.email,deudor.telefono,aval.nombre,aval.email,archivo";
const line = (i: number) => `Deudor Núñez ${i},deudor${i}@example.com,55 1234 ${String(i).padStart(4, "0")},"Peña, Aval ${i}",aval${i}@example.com,Pagaré ${i}.pdf`;

async function send(key: string, templateId: string, body: string, type = "text/csv", query = "") {
  const res = await call(startBulkSend, `/v1/templates/${templateId}/bulk-sends${query}`, { method: "POST", headers: { ...auth(key), "content-type": type }, body, params: { id: templateId } });
  return { status: res.status, location: res.headers.get("location"), body: await res.json() };
}
const progress = async (key: string, id: string, query = "") => (await call(getBulkSend, `/v1/bulk-sends/${id}${query}`, { headers: auth(key), params: { id } })).json();

describe("bulk sends", () => {
  it("checks every row first: bad rows are reported and skipped, each other row becomes one whole document", async () => {
    const { key, apiKey } = await seedUserWithKey();
    const templateId = await seedTemplate(key);
    const rows = Array.from({ length: 30 }, (_, i) => line(i + 1));
    rows[4] = "Sin Correo,no-es-correo,,Aval,aval5@example.com,";
    rows[9] = ",deudor10@example.com,,Aval 10,aval10@example.com,";
    rows[14] = "Mismo,mismo@example.com,,Mismo,mismo@example.com,";
    const started = await send(key, templateId, [header, ...rows].join("\r\n"));
    expect(started.status).toBe(202);
    const id = started.body.data.id as string;
    expect(started.location).toBe(`/v1/bulk-sends/${id}`);
    expect(started.body.data.attributes).toMatchObject({ template_id: templateId, status: "QUEUED", total_rows: 30, created: 0, failed: 3, pending: 27 });
    expect(started.body.data.rows).toEqual([
      { row: 5, status: "FAILED", document_id: null, errors: { "roles.deudor.email": ["Must be an e-mail address."] } },
      { row: 10, status: "FAILED", document_id: null, errors: { "roles.deudor.name": ["Required."] } },
      { row: 15, status: "FAILED", document_id: null, errors: { "roles.aval.email": ["Already given for «deudor»: each signer needs their own e-mail."] } },
    ]);

    await runBulkSend(getDb(), id, { size: 7, pauseMs: 0 });
    const done = await progress(key, id, "?size=1000");
    expect(done.data.attributes).toMatchObject({ status: "DONE", created: 27, failed: 3, pending: 0, finished_at: expect.any(String) });
    const made = done.data.rows.filter((r: { status: string }) => r.status === "CREATED");
    expect(made).toHaveLength(27);
    const ids = made.map((r: { document_id: string }) => r.document_id);
    const docs = await getDb().select().from(documents).where(sql`${documents.id} in ${ids}`);
    expect(docs).toHaveLength(27);
    expect(new Set(docs.map((d) => d.originalHash)).size).toBe(1);
    // Each carries the key that started the send, whose embed_origins frame its signing pages.
    expect(new Set(docs.map((d) => d.apiKeyId))).toEqual(new Set([apiKey.id]));
    const first = made[0] as { row: number; document_id: string };
    const [doc] = docs.filter((d) => d.id === first.document_id);
    expect(doc!.fileName).toBe(`Pagaré ${first.row}.pdf`);
    const people = await getDb().select().from(signatories).where(eq(signatories.documentId, first.document_id)).orderBy(signatories.position);
    expect(people.map((p) => [p.name, p.email, p.rfc])).toEqual([
      [`Deudor Núñez ${first.row}`, `deudor${first.row}@example.com`, null],
      [`Peña, Aval ${first.row}`, `aval${first.row}@example.com`, "GODE561231GR8"],
    ]);
    // Nothing of the refused rows exists: every document of the folder is one of the 27.
    expect(await getDb().$count(documents, eq(documents.folderId, doc!.folderId))).toBe(27);
    expect((await progress(key, id, "?status=FAILED")).data.rows.map((r: { row: number }) => r.row)).toEqual([5, 10, 15]);
    // The people of a row are kept only until it is done: the documents hold them now.
    expect(await getDb().$count(bulkSendRows, and(eq(bulkSendRows.bulkSendId, id), isNotNull(bulkSendRows.input)))).toBe(0);
    // Run again (a retry): nothing is made twice.
    await runBulkSend(getDb(), id, { size: 7, pauseMs: 0 });
    expect(await getDb().$count(documents, eq(documents.folderId, doc!.folderId))).toBe(27);
  });

  it("a row the database refuses fails alone, with none of its document left, and the rest of its batch is made", async () => {
    const { key } = await seedUserWithKey();
    const templateId = await seedTemplate(key);
    // A constraint only this test's database has: a real integrity violation on one row's signer.
    await getDb().execute(sql`alter table signatories add constraint no_mallory check (name <> 'Mallory')`);
    const rows = [line(1), "Mallory,mallory@example.com,,Aval M,avalm@example.com,", line(3)];
    const { body } = await send(key, templateId, [header, ...rows].join("\n"));
    await runBulkSend(getDb(), body.data.id, { size: 10, pauseMs: 0 });
    const done = await progress(key, body.data.id);
    expect(done.data.attributes).toMatchObject({ status: "DONE", created: 2, failed: 1 });
    expect(done.data.rows[1]).toEqual({ row: 2, status: "FAILED", document_id: null, errors: { row: ["The document could not be made (database code 23514)."] } });
    expect(await getDb().$count(documents, and(eq(documents.fileName, "pagare.pdf")))).toBe(0);
    expect(await getDb().$count(signatories, eq(signatories.email, "avalm@example.com"))).toBe(0);
    await getDb().execute(sql`alter table signatories drop constraint no_mallory`);
  });

  it("gives every document the template's redirect_url, or the send's own (redirect_url in the query, https only)", async () => {
    const { key } = await seedUserWithKey();
    const templateId = await seedTemplate(key, { redirect_url: "https://app.example.mx/pagare-firmado" });
    const redirects = async (query: string) => {
      const started = await send(key, templateId, [header, line(1), line(2)].join("\n"), "text/csv", query);
      expect(started.status, query).toBe(202);
      await runBulkSend(getDb(), started.body.data.id, { size: 10, pauseMs: 0 });
      const made = await getDb()
        .select({ redirectUrl: documents.redirectUrl })
        .from(bulkSendRows)
        .innerJoin(documents, eq(documents.id, bulkSendRows.documentId))
        .where(eq(bulkSendRows.bulkSendId, started.body.data.id));
      return made.map((d) => d.redirectUrl);
    };
    expect(await redirects("")).toEqual(["https://app.example.mx/pagare-firmado", "https://app.example.mx/pagare-firmado"]);
    expect(await redirects(`?redirect_url=${encodeURIComponent("https://otra.example.mx/listo?lote=3")}`)).toEqual(["https://otra.example.mx/listo?lote=3", "https://otra.example.mx/listo?lote=3"]);
    for (const url of ["javascript:alert(1)", "http://otra.example.mx/listo"]) {
      const refused = await send(key, templateId, [header, line(3)].join("\n"), "text/csv", `?redirect_url=${encodeURIComponent(url)}`);
      expect(refused, url).toMatchObject({ status: 422, body: { errors: { redirect_url: ["Must be an https URL."] } } });
    }
  });

  it("takes JSON lines too, with the API's roles object per line", async () => {
    const { key } = await seedUserWithKey();
    const templateId = await seedTemplate(key);
    const lines = [
      JSON.stringify({ roles: { deudor: { name: "Ana", email: "ana@example.com" }, aval: { name: "Luis", email: "luis@example.com", rfc: "GODE561231GR8" } } }),
      "{not json",
    ].join("\n");
    const { status, body } = await send(key, templateId, lines, "application/x-ndjson");
    expect(status).toBe(202);
    expect(body.data.rows).toEqual([{ row: 2, status: "FAILED", document_id: null, errors: { row: [expect.stringMatching(/^Not valid JSON/)] } }]);
    await runBulkSend(getDb(), body.data.id, { size: 10, pauseMs: 0 });
    expect((await progress(key, body.data.id)).data.attributes).toMatchObject({ created: 1, failed: 1, status: "DONE" });
  });

  it("refuses a file it cannot use as a whole with a clear 4xx: too many rows, unknown or missing columns, no rows, another media type", async () => {
    const { key } = await seedUserWithKey();
    const templateId = await seedTemplate(key);
    const tooMany = await send(key, templateId, [header, ...Array.from({ length: MAX_BULK_ROWS + 1 }, (_, i) => line(i))].join("\n"));
    expect(tooMany).toMatchObject({ status: 413, body: { message: `At most ${MAX_BULK_ROWS} rows per bulk send; this one has ${MAX_BULK_ROWS + 1}.` } });
    const unknown = await send(key, templateId, "deudor.nombre,deudor.email,aval.nombre,aval.email,fiador.email\nA,a@example.com,B,b@example.com,c@example.com");
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.header[0]).toMatch(/^Unknown column «fiador.email»/);
    const missing = await send(key, templateId, "deudor.nombre,deudor.email,aval.nombre\nA,a@example.com,B");
    expect(missing.body.errors).toEqual({ header: ["Missing column aval.email."] });
    expect((await send(key, templateId, header)).status).toBe(422);
    expect((await send(key, templateId, "x", "application/pdf")).status).toBe(415);
  });

  it("abuse: forged input, a NUL or BEL in a CSV's name column (or a JSON line's) is refused 422 naming the row and column, nothing made", async () => {
    const { key, user } = await seedUserWithKey();
    const templateId = await seedTemplate(key);
    for (const [what, control] of [["NUL", "\u0000"], ["BEL", "\u0007"]]) {
      const csv = await send(key, templateId, [header, line(1), `Deudor${control}Núñez,deudor2@example.com,,Aval,aval2@example.com,`].join("\n"));
      expect(csv.status, what).toBe(422);
      expect(csv.body.errors, what).toEqual({ "rows.2.deudor.nombre": ["Row 2, column deudor.nombre: must not contain control characters (such as NUL or BEL)."] });
      const jsonl = await send(key, templateId, JSON.stringify({ roles: { deudor: { name: `Ana${control}`, email: "ana@example.com" }, aval: { name: "Luis", email: "luis@example.com" } } }), "application/x-ndjson");
      expect(jsonl.status, what).toBe(422);
      expect(jsonl.body.errors, what).toEqual({ "rows.1.roles.deudor.name": ["Row 1, roles.deudor.name: must not contain control characters (such as NUL or BEL)."] });
    }
    // A NUL in the header is named too, and nothing of any of these sends was stored.
    const inHeader = await send(key, templateId, `deudor.nombre\u0000,deudor.email,aval.nombre,aval.email\nA,a@example.com,B,b@example.com`);
    expect(inHeader.status).toBe(422);
    expect(await getDb().$count(bulkSends, eq(bulkSends.ownerUserId, user.id))).toBe(0);
  });

  it("answers another account's bulk send or template exactly as an unknown id (404)", async () => {
    const owner = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const templateId = await seedTemplate(owner.key);
    const { body } = await send(owner.key, templateId, [header, line(1)].join("\n"));
    const unknown = crypto.randomUUID();
    for (const id of [body.data.id, unknown]) {
      const res = await call(getBulkSend, `/v1/bulk-sends/${id}`, { headers: auth(stranger.key), params: { id } });
      expect([res.status, await res.json()]).toEqual([404, { message: "Bulk send not found." }]);
    }
    for (const id of [templateId, unknown]) expect(await send(stranger.key, id, [header, line(1)].join("\n"))).toMatchObject({ status: 404, body: { message: "Template not found." } });
  });
});
