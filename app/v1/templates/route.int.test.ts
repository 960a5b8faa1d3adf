import { describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { auditEvents, documents, signatories, templates } from "@/lib/db/schema";
import { firstBrokenLink } from "@/lib/crypto/audit-chain";
import { makePdf, seedDocument } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { GET, POST } from "./route";
import { DELETE as deleteTemplate, GET as getTemplate } from "./[id]/route";
import { POST as useTemplate } from "./[id]/documents/route";

const box = (page: number) => ({ page, x: 0.1, y: 0.7, width: 0.3, height: 0.08 });
const templateJson = {
  name: "Contrato de arrendamiento",
  file_name: "Arrendamiento Ñuñoa.pdf",
  roles: [
    { key: "arrendador", label: "Arrendador", rfc: "GODE561231GR8", positions: [box(2)] },
    { key: "arrendatario", label: "Arrendatario", positions: JSON.stringify([box(1), box(2)]) },
  ],
  signature_ordered: "ACTIVE",
  tries: 2,
  remember_every: 3,
  remember_at: "10:30",
  config: { allow_type_signatures: ["EFIRMA", "RUBRICA"] },
};

function multipart(pdf: Uint8Array, template: unknown) {
  const form = new FormData();
  form.set("file", new File([pdf as BlobPart], "arrendamiento.pdf", { type: "application/pdf" }));
  form.set("template", JSON.stringify(template));
  return form;
}
const auth = (key: string) => ({ authorization: `Bearer ${key}` });
const jsonBody = (key: string, body: unknown) => ({ method: "POST", headers: { ...auth(key), "content-type": "application/json" }, body: JSON.stringify(body) });
const people = {
  arrendador: { name: "Begoña Núñez", email: "begona@example.com" },
  arrendatario: { name: "José Ángel Peña", email: "Jose@Example.com", phone: "55 1234 5678", rfc: "PEAJ800101AB1" },
};

async function uploadTemplate(key: string, body: unknown = templateJson) {
  const res = await call(POST, "/v1/templates", { method: "POST", headers: auth(key), body: multipart(await makePdf(2), body) });
  return { res, body: await res.json() };
}

describe("/v1/templates", () => {
  it("saves a PDF with roles, boxes and settings, and makes documents from it by API that share the PDF", async () => {
    const { key, apiKey } = await seedUserWithKey();
    const { res, body } = await uploadTemplate(key);
    expect(res.status).toBe(201);
    const id = body.data.id as string;
    expect(res.headers.get("location")).toBe(`/v1/templates/${id}`);
    expect(body.data.attributes).toMatchObject({
      name: "Contrato de arrendamiento",
      file_name: "Arrendamiento Ñuñoa.pdf",
      pages: 2,
      signature_ordered: "ACTIVE",
      sign_position: "CUSTOM",
      tries: 2,
      remember_every: 3,
      remember_at: "10:30:00",
      config: { allow_type_signatures: ["EFIRMA", "RUBRICA"] },
      roles: [
        { key: "arrendador", label: "Arrendador", rfc: "GODE561231GR8", positions: JSON.stringify([box(2)]) },
        { key: "arrendatario", label: "Arrendatario", rfc: null, positions: JSON.stringify([box(1), box(2)]) },
      ],
    });
    expect((await (await call(getTemplate, `/v1/templates/${id}`, { headers: auth(key), params: { id } })).json()).data).toEqual(body.data);

    const made = [];
    for (const n of [1, 2]) {
      const use = await call(useTemplate, `/v1/templates/${id}/documents`, { ...jsonBody(key, { roles: people, file_name: `Arrendamiento ${n}.pdf` }), params: { id } });
      expect(use.status).toBe(201);
      made.push((await use.json()).data);
    }
    const [doc] = made;
    expect(doc.attributes).toMatchObject({ file_name: "Arrendamiento 1.pdf", original_hash: body.data.attributes.original_hash, signature_ordered: "ACTIVE", sign_position: "CUSTOM", tries: 2, remember_every: 3, remember_at: "10:30:00", config: { allow_type_signatures: ["EFIRMA", "RUBRICA"] }, pages: 2 });
    expect(made[1].attributes.original_hash).toBe(doc.attributes.original_hash);
    // Made by the key: its signing pages are framed where that key allows (embed_origins).
    const [row] = await getDb().select({ apiKeyId: documents.apiKeyId }).from(documents).where(eq(documents.id, doc.id));
    expect(row!.apiKeyId).toBe(apiKey.id);
    const signers = await getDb().select().from(signatories).where(eq(signatories.documentId, doc.id)).orderBy(asc(signatories.position));
    expect(signers.map((s) => [s.name, s.email, s.phone, s.rfc, s.positions])).toEqual([
      ["Begoña Núñez", "begona@example.com", null, "GODE561231GR8", JSON.stringify([box(2)])],
      ["José Ángel Peña", "jose@example.com", "+525512345678", "PEAJ800101AB1", JSON.stringify([box(1), box(2)])],
    ]);
    // The document's audit chain starts as an uploaded document's does, and names the template.
    const events = await getDb().select().from(auditEvents).where(eq(auditEvents.documentId, doc.id)).orderBy(asc(auditEvents.seq));
    expect(events.map((e) => [e.action, e.seq, (e.data as { templateId?: string }).templateId])).toEqual([["document.created", 1, id]]);
    expect(firstBrokenLink(events as never)).toBe(-1);
    // Its notice job was written with it (pg-boss insert in the document's transaction).
    const jobs = await getDb().execute(sql`select count(*)::int as n from pgboss.job where name = 'notify-signatories' and data->>'documentId' = ${doc.id}`);
    expect(jobs[0]).toEqual({ n: 1 });

    const list = await (await call(GET, "/v1/templates?page=0&size=10", { headers: auth(key) })).json();
    expect(list).toEqual({ data: [body.data], meta: [{ page: { total: 1, initialItem: 0, totalItems: 1 } }], links: { self: "/templates" } });
  });

  it("keeps an https redirect_url on the template for the documents made from it, unless their request gives their own; refuses javascript:, http: and data:", async () => {
    const { key, actor } = await seedUserWithKey();
    const bad = ["javascript:alert(document.cookie)", "http://app.example.mx/listo", "data:text/html,<script>alert(1)</script>", "JavaScript://app.example.mx/%0aalert(1)"];
    for (const url of bad) {
      const refused = await uploadTemplate(key, { ...templateJson, redirect_url: url });
      expect(refused.res.status, url).toBe(422);
      expect(refused.body.errors.redirect_url, url).toEqual(["Must be an https URL."]);
    }
    expect(await getDb().$count(templates, eq(templates.ownerUserId, actor.userId))).toBe(0);

    const { res, body } = await uploadTemplate(key, { ...templateJson, redirect_url: "https://app.example.mx/listo?contrato=7" });
    expect(res.status).toBe(201);
    expect(body.data.attributes.redirect_url).toBe("https://app.example.mx/listo?contrato=7");
    const id = body.data.id as string;
    const make = async (extra: Record<string, unknown>) => {
      const made = await call(useTemplate, `/v1/templates/${id}/documents`, { ...jsonBody(key, { roles: people, ...extra }), params: { id } });
      const json = await made.json();
      return { status: made.status, redirect: json.data?.attributes.redirect_url, errors: json.errors };
    };
    expect(await make({})).toMatchObject({ status: 201, redirect: "https://app.example.mx/listo?contrato=7" });
    expect(await make({ redirect_url: "https://otra.example.mx/gracias" })).toMatchObject({ status: 201, redirect: "https://otra.example.mx/gracias" });
    expect(await make({ redirect_url: null })).toMatchObject({ status: 201, redirect: null });
    const documentsBefore = await getDb().$count(documents);
    for (const url of bad) expect(await make({ redirect_url: url }), url).toMatchObject({ status: 422, errors: { redirect_url: ["Must be an https URL."] } });
    expect(await getDb().$count(documents)).toBe(documentsBefore);

    // From a document: the document's redirect_url unless the request gives another (or null), with the same check.
    const documentId = await seedDocument(actor, { redirect_url: "https://doc.example.mx/fin" });
    const fromDocument = async (extra: Record<string, unknown>) => {
      const made = await call(POST, "/v1/templates", jsonBody(key, { document_id: documentId, name: "Desde documento", ...extra }));
      const json = await made.json();
      return { status: made.status, redirect: json.data?.attributes.redirect_url, errors: json.errors };
    };
    expect(await fromDocument({})).toMatchObject({ status: 201, redirect: "https://doc.example.mx/fin" });
    expect(await fromDocument({ redirect_url: "https://plantilla.example.mx/fin" })).toMatchObject({ status: 201, redirect: "https://plantilla.example.mx/fin" });
    expect(await fromDocument({ redirect_url: null })).toMatchObject({ status: 201, redirect: null });
    expect(await fromDocument({ redirect_url: bad[0] })).toMatchObject({ status: 422, errors: { redirect_url: ["Must be an https URL."] } });
  });

  it("refuses a person for an unknown role, a missing role, another RFC than the fixed one and one e-mail for two roles (422, nothing made)", async () => {
    const { key } = await seedUserWithKey();
    const id = (await uploadTemplate(key)).body.data.id as string;
    const before = await getDb().$count(documents);
    const use = async (roles: unknown) => {
      const res = await call(useTemplate, `/v1/templates/${id}/documents`, { ...jsonBody(key, { roles }), params: { id } });
      return { status: res.status, errors: (await res.json()).errors };
    };
    expect(await use({ arrendador: people.arrendador })).toEqual({ status: 422, errors: { "roles.arrendatario": ["Required: the person for «Arrendatario»."] } });
    expect((await use({ ...people, fiador: people.arrendador })).errors["roles.fiador"]).toBeDefined();
    expect(await use({ ...people, arrendador: { ...people.arrendador, rfc: "PEAJ800101AB1" } })).toMatchObject({ status: 422, errors: { "roles.arrendador.rfc": ["This role's RFC is fixed by the template: GODE561231GR8."] } });
    expect((await use({ ...people, arrendador: { ...people.arrendador, email: "jose@example.com" } })).status).toBe(422);
    expect((await use({ ...people, arrendador: { name: "", email: "no" } })).errors).toMatchObject({ "roles.arrendador.name": expect.any(Array), "roles.arrendador.email": expect.any(Array) });
    expect(await getDb().$count(documents)).toBe(before);
  });

  it("makes a template from a document: its PDF, boxes, order and settings, roles named or numbered", async () => {
    const { key, actor } = await seedUserWithKey();
    const documentId = await seedDocument(actor, { signature_ordered: "ACTIVE", sign_position: "CUSTOM", signatures: [
      { name: "Begoña Núñez", email: "begona@example.com", rfc: "GODE561231GR8", positions: [box(1)] },
      { name: "José Ángel Peña", email: "jose@example.com", positions: [box(2)] },
    ] });
    const named = await call(POST, "/v1/templates", jsonBody(key, { document_id: documentId, name: "Desde documento", roles: [{ key: "vendedor", label: "Vendedor" }, { key: "comprador", label: "Comprador", rfc: "PEAJ800101AB1" }] }));
    expect(named.status).toBe(201);
    const t = (await named.json()).data;
    const [doc] = await getDb().select().from(documents).where(eq(documents.id, documentId));
    expect(t.attributes).toMatchObject({ file_name: doc!.fileName, original_hash: doc!.originalHash, signature_ordered: "ACTIVE", sign_position: "CUSTOM", roles: [
      { key: "vendedor", label: "Vendedor", rfc: null, positions: JSON.stringify([box(1)]) },
      { key: "comprador", label: "Comprador", rfc: "PEAJ800101AB1", positions: JSON.stringify([box(2)]) },
    ] });
    const numbered = (await (await call(POST, "/v1/templates", jsonBody(key, { document_id: documentId, name: "Numerada" }))).json()).data;
    expect(numbered.attributes.roles.map((r: { key: string; label: string }) => [r.key, r.label])).toEqual([["firmante_1", "Firmante 1"], ["firmante_2", "Firmante 2"]]);
    const wrongCount = await call(POST, "/v1/templates", jsonBody(key, { document_id: documentId, name: "x", roles: [{ key: "a", label: "A" }] }));
    expect(wrongCount.status).toBe(422);
    const nothing = await call(POST, "/v1/templates", jsonBody(key, { name: "x" }));
    expect(nothing.status).toBe(422);
    expect((await nothing.json()).errors.document_id).toBeDefined();
  });

  it("refuses bad templates with 422: boxes past the last page, duplicate keys, a key that cannot name a CSV column", async () => {
    const { key } = await seedUserWithKey();
    const past = await uploadTemplate(key, { ...templateJson, roles: [{ key: "a", label: "A", positions: [box(3)] }] });
    expect(past.res.status).toBe(422);
    expect(past.body.errors["roles.0.positions.0.page"]).toEqual(["The document has 2 page(s)."]);
    const dup = await uploadTemplate(key, { ...templateJson, roles: [{ key: "a", label: "A" }, { key: "a", label: "B" }] });
    expect(dup.body.errors["roles.1.key"]).toBeDefined();
    const dotted = await uploadTemplate(key, { ...templateJson, roles: [{ key: "fir.mante", label: "A" }] });
    expect(dotted.body.errors["roles.0.key"]).toBeDefined();
  });

  it("answers another account's template, or document, exactly as an unknown id (404), and deletes only its own", async () => {
    const owner = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const id = (await uploadTemplate(owner.key)).body.data.id as string;
    const unknown = crypto.randomUUID();
    const answer = async (res: Promise<Response>) => {
      const r = await res;
      return { status: r.status, body: await r.json().catch(() => null) };
    };
    for (const t of [id, unknown]) {
      expect(await answer(call(getTemplate, `/v1/templates/${t}`, { headers: auth(stranger.key), params: { id: t } }))).toEqual({ status: 404, body: { message: "Template not found." } });
      expect(await answer(call(deleteTemplate, `/v1/templates/${t}`, { method: "DELETE", headers: auth(stranger.key), params: { id: t } }))).toEqual({ status: 404, body: { message: "Template not found." } });
      expect(await answer(call(useTemplate, `/v1/templates/${t}/documents`, { ...jsonBody(stranger.key, { roles: people }), params: { id: t } }))).toEqual({ status: 404, body: { message: "Template not found." } });
    }
    expect((await (await call(GET, "/v1/templates", { headers: auth(stranger.key) })).json()).data).toEqual([]);
    const ownersDocument = await seedDocument(owner.actor);
    const fromOthers = await answer(call(POST, "/v1/templates", jsonBody(stranger.key, { document_id: ownersDocument, name: "robada" })));
    expect(fromOthers).toEqual(await answer(call(POST, "/v1/templates", jsonBody(stranger.key, { document_id: unknown, name: "robada" }))));
    expect(fromOthers.status).toBe(404);
    // Into a folder the caller does not belong to: the same 404 as an unknown folder.
    const intoOthers = await answer(call(useTemplate, `/v1/templates/${id}/documents`, { ...jsonBody(owner.key, { roles: people, container_id: (await getDb().select({ f: documents.folderId }).from(documents).where(eq(documents.id, await seedDocument(stranger.actor))))[0]!.f }), params: { id } }));
    expect(intoOthers.status).toBe(404);
    expect((await call(getTemplate, `/v1/templates/${id}`, { headers: { authorization: "Bearer nope" }, params: { id } })).status).toBe(401);

    const made = (await (await call(useTemplate, `/v1/templates/${id}/documents`, { ...jsonBody(owner.key, { roles: people }), params: { id } })).json()).data.id;
    expect((await call(deleteTemplate, `/v1/templates/${id}`, { method: "DELETE", headers: auth(owner.key), params: { id } })).status).toBe(204);
    expect((await call(getTemplate, `/v1/templates/${id}`, { headers: auth(owner.key), params: { id } })).status).toBe(404);
    // Documents made from it keep their PDF and people.
    expect(await getDb().$count(signatories, eq(signatories.documentId, made))).toBe(2);
  });
});
