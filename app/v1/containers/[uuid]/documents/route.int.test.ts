import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { documents, signatories } from "@/lib/db/schema";
import { viewSigningLink } from "@/lib/services/signing/view-signing-link";
import { resetEnvCache } from "@/lib/env";
import { cancelDocument } from "@/lib/services/documents/cancel-document";
import { createWorkFolder } from "@/lib/services/work-folders/create-work-folder";
import { defaultFolderId, makePdf, seedDocument } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { endlessBody, streamed } from "@/test/hostile-bodies";
import { call } from "@/test/http";
import { GET as getDocument } from "@/app/v1/documents/[uuid]/route";
import { GET, POST } from "./route";

const encryptedPdf = fs.readFileSync(path.resolve(import.meta.dirname, "../../../../../test/fixtures/encrypted.pdf"));

const documentJson = {
  file_name: "Contrato Ñandú.pdf",
  signatures: [
    { name: "Begoña Núñez", email: "Begona@Example.com", rfc: "gode561231gr8", redirect_url: "https://app.example.mx/begona", positions: JSON.stringify([{ page: 2, x: 0.1, y: 0.8, width: 0.3, height: 0.08 }]) },
    { name: "José Ángel Peña", email: "jose@example.com", phone: "55 1234 5678" },
  ],
  spectators: [{ name: "Íñigo Sáenz", email: "inigo@example.com" }],
  tries: 2,
  remember_every: 3,
  remember_at: { hour: 10, minute: 30, second: 0, nano: 0 },
  signature_ordered: "ACTIVE",
  sign_position: "CUSTOM",
  config: { allow_type_signatures: ["EFIRMA", "FIREL"] },
  notification_mode: "ENABLED",
  redirect_url: "https://app.example.mx/firmado",
};

function multipart(pdf: Uint8Array, document: unknown, fileName = "contrato.pdf") {
  const form = new FormData();
  form.set("file", new File([pdf as BlobPart], fileName, { type: "application/pdf" }));
  form.set("document", JSON.stringify(document));
  return form;
}

const sha256 = async (bytes: Uint8Array) => Buffer.from(await crypto.subtle.digest("SHA-256", bytes as BufferSource)).toString("hex").toUpperCase();

describe("POST /v1/containers/{uuid}/documents", () => {
  it("creates a document from multipart/form-data and answers 201 with every attribute", async () => {
    const { key, actor, user } = await seedUserWithKey({ name: "Sofía Peña Núñez" });
    const folder = await defaultFolderId(actor);
    const pdf = await makePdf(2);
    const res = await call(POST, `/v1/containers/${folder}/documents`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: multipart(pdf, documentJson), params: { uuid: folder } });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(res.headers.get("location")).toBe(`/v1/documents/${data.id}`);
    expect(data).toMatchObject({ type: "documents", links: { self: `/documents/${data.id}` } });
    expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.attributes).toEqual({
      original_hash: await sha256(pdf),
      file_name: "Contrato Ñandú.pdf",
      sign_status: 1,
      sign_status_name: "IN_PROCESS",
      signed: false,
      signature_mode: "PDF_SIGNATURE",
      signature_ordered: "ACTIVE",
      owner: `Sofía Peña Núñez <${user.email}>`,
      isOwner: true,
      rejected_message: null,
      tries: 2,
      remember_at: "10:30:00",
      remember_every: 3,
      signed_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/),
      notification_mode: "ENABLED",
      config: { allow_type_signatures: ["EFIRMA", "FIREL"] },
      sign_position: "CUSTOM",
      createdBy: user.email,
      spectators: [{ name: "Íñigo Sáenz", email: "inigo@example.com" }],
      pages: 2,
      redirect_url: "https://app.example.mx/firmado",
    });
    expect(data.attributes.original_hash).toMatch(/^[0-9A-F]{64}$/);
    expect(data.relationships.constancy).toBeNull();
    expect(data.relationships.signatories.links).toEqual({ self: "/signatures" });
    const [first, second] = data.relationships.signatories.data;
    expect(first).toEqual({
      type: "signatures",
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      links: { self: `/signatures/${first.id}` },
      attributes: {
        name: "Begoña Núñez",
        rfc: "GODE561231GR8",
        curp: null,
        email: "begona@example.com",
        phone: null,
        positions: JSON.stringify([{ page: 2, x: 0.1, y: 0.8, width: 0.3, height: 0.08 }]),
        sign_status: "PENDING",
        certificate_serial_number: null,
        certificate_issuer_name: null,
        certificate_name: null,
        name_matches_certificate: null,
        signed_at: null,
        signature: null,
        redirect_url: "https://app.example.mx/begona",
        updatedAt: expect.stringMatching(/Z$/),
        createdAt: expect.stringMatching(/Z$/),
      },
      relationships: { timestamp: null },
    });
    expect(second.attributes).toMatchObject({ name: "José Ángel Peña", phone: "+525512345678", positions: null, redirect_url: null });
  });

  it("creates from JSON with file_base64 and fills defaults", async () => {
    const { key, actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    const pdf = await makePdf(1);
    const res = await call(POST, `/v1/containers/${folder}/documents`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ file_name: "Acta.pdf", file_base64: Buffer.from(pdf).toString("base64"), signatures: [{ name: "Ana", email: "ana@example.com" }] }),
      params: { uuid: folder },
    });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data.attributes).toMatchObject({ tries: 3, remember_every: 1, remember_at: "09:00:00", signature_ordered: "INACTIVE", sign_position: "DEFAULT", notification_mode: "ENABLED", config: { allow_type_signatures: ["EFIRMA", "FIREL", "TEPJF"] }, spectators: [], pages: 1 });
  });

  it("takes the uploaded file's name when file_name is left out", async () => {
    const { key, actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    const rest: Partial<typeof documentJson> = { ...documentJson };
    delete rest.file_name;
    const res = await call(POST, `/v1/containers/${folder}/documents`, { method: "POST", headers: { "x-api-key": key }, body: multipart(await makePdf(2), rest, "Convenio Peña.pdf"), params: { uuid: folder } });
    expect(res.status).toBe(201);
    expect((await res.json()).data.attributes.file_name).toBe("Convenio Peña.pdf");
  });

  it("answers 415 for a file that is not a PDF", async () => {
    const { key, actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    const res = await call(POST, `/v1/containers/${folder}/documents`, { method: "POST", headers: { "x-api-key": key }, body: multipart(new TextEncoder().encode("hola, no soy un PDF"), documentJson), params: { uuid: folder } });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: "The file is not a PDF." });
  });

  it("answers 422 with a message a person understands for a password-protected PDF", async () => {
    const { key, actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    const res = await call(POST, `/v1/containers/${folder}/documents`, { method: "POST", headers: { "x-api-key": key }, body: multipart(new Uint8Array(encryptedPdf), documentJson), params: { uuid: folder } });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.message).toBe("The given data was invalid.");
    expect(body.errors.file[0]).toMatch(/cannot be opened without its password/);
  });

  it("answers 422 for a damaged PDF", async () => {
    const { key, actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    const broken = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF");
    const res = await call(POST, `/v1/containers/${folder}/documents`, { method: "POST", headers: { "x-api-key": key }, body: multipart(broken, documentJson), params: { uuid: folder } });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.file[0]).toMatch(/cannot be read|no pages/);
  });

  it("answers 413 above MAX_UPLOAD_MB", async () => {
    const { key, actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    process.env.MAX_UPLOAD_MB = "0.001";
    resetEnvCache();
    try {
      const res = await call(POST, `/v1/containers/${folder}/documents`, { method: "POST", headers: { "x-api-key": key }, body: multipart(await makePdf(3), documentJson), params: { uuid: folder } });
      expect(res.status).toBe(413);
      expect((await res.json()).message).toMatch(/larger than 0.001 MB/);
    } finally {
      delete process.env.MAX_UPLOAD_MB;
      resetEnvCache();
    }
  });

  it("stops a chunked body (no Content-Length) past MAX_UPLOAD_MB with 413, multipart or JSON, without reading it all", async () => {
    const { key, actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    process.env.MAX_UPLOAD_MB = "1";
    resetEnvCache();
    try {
      for (const type of ["multipart/form-data; boundary=x", "application/json"]) {
        const body = endlessBody(64 * 1024, 150 * 16); // 150 MB if read to the end
        const res = await call(POST, `/v1/containers/${folder}/documents`, { ...streamed(body.stream, { headers: { "x-api-key": key, "content-type": type } }), params: { uuid: folder } });
        expect(res.status, type).toBe(413);
        expect((await res.json()).message).toBe("The file is larger than 1 MB.");
        expect(body.pulled(), type).toBeLessThan(4 * 1024 * 1024);
      }
    } finally {
      delete process.env.MAX_UPLOAD_MB;
      resetEnvCache();
    }
  });

  it("answers 422 naming the field for a NUL byte in the document JSON or the file name", async () => {
    const { key, actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    const nul = { ...documentJson, signatures: [{ name: "Begoña\u0000", email: "a@x.mx" }] };
    const cases = [
      [multipart(await makePdf(1), nul), "signatures.0.name"],
      [multipart(await makePdf(1), documentJson, "a\u0000.pdf"), "file"],
      [JSON.stringify({ ...nul, file_base64: Buffer.from(await makePdf(1)).toString("base64") }), "signatures.0.name"],
    ] as const;
    for (const [body, field] of cases) {
      const headers: Record<string, string> = { "x-api-key": key, ...(typeof body === "string" ? { "content-type": "application/json" } : {}) };
      const res = await call(POST, `/v1/containers/${folder}/documents`, { method: "POST", headers, body, params: { uuid: folder } });
      expect(res.status, field).toBe(422);
      expect(Object.keys((await res.json()).errors)).toEqual([field]);
    }
  });

  it.each([
    ["no signatories", { ...documentJson, signatures: [] }, "signatures"],
    ["a bad e-mail", { ...documentJson, signatures: [{ name: "A", email: "no-es-correo" }] }, "signatures.0.email"],
    ["a repeated e-mail", { ...documentJson, signatures: [{ name: "A", email: "a@x.mx" }, { name: "B", email: "A@x.mx" }] }, "signatures.1.email"],
    ["a bad RFC", { ...documentJson, signatures: [{ name: "A", email: "a@x.mx", rfc: "XYZ" }] }, "signatures.0.rfc"],
    ["a phone of 9 digits", { ...documentJson, signatures: [{ name: "A", email: "a@x.mx", phone: "551234567" }] }, "signatures.0.phone"],
    ["positions that are not JSON", { ...documentJson, signatures: [{ name: "A", email: "a@x.mx", positions: "{nope" }] }, "signatures.0.positions"],
    ["a box on a page the PDF lacks", { ...documentJson, signatures: [{ name: "A", email: "a@x.mx", positions: [{ page: 3, x: 0, y: 0, width: 0.2, height: 0.1 }] }] }, "signatures.0.positions.0.page"],
    ["positions with sign_position DEFAULT (a signature sheet ignores them)", { ...documentJson, sign_position: "DEFAULT" }, "sign_position"],
    ["an unknown signature type", { ...documentJson, config: { allow_type_signatures: ["FIEL"] } }, "config.allow_type_signatures.0"],
    ["remember_at out of range", { ...documentJson, remember_at: { hour: 24, minute: 0, second: 0, nano: 0 } }, "remember_at.hour"],
    ["negative tries", { ...documentJson, tries: -1 }, "tries"],
    ["remember_every 0", { ...documentJson, remember_every: 0 }, "remember_every"],
  ])("answers 422 with the field path for %s", async (_, document, field) => {
    const { key, actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    const res = await call(POST, `/v1/containers/${folder}/documents`, { method: "POST", headers: { "x-api-key": key }, body: multipart(await makePdf(2), document), params: { uuid: folder } });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.message).toBe("The given data was invalid.");
    expect(Object.keys(body.errors)).toContain(field);
  });

  it("honours positions sent without sign_position: the document is CUSTOM and the signer is shown its boxes", async () => {
    const { key, actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    const withoutSetting = { ...documentJson, sign_position: undefined };
    const res = await call(POST, `/v1/containers/${folder}/documents`, { method: "POST", headers: { "x-api-key": key }, body: multipart(await makePdf(2), withoutSetting), params: { uuid: folder } });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data.attributes.sign_position).toBe("CUSTOM");
    const [begona] = await getDb().select().from(signatories).where(and(eq(signatories.documentId, data.id), eq(signatories.email, "begona@example.com")));
    const view = await viewSigningLink(getDb(), begona!.id, { ip: null, recordView: false });
    expect(view.signer.boxes).toEqual([{ page: 2, x: 0.1, y: 0.8, width: 0.3, height: 0.08 }]);

    // Without positions, and without the setting, a signature sheet as before.
    const plain = { ...withoutSetting, signatures: withoutSetting.signatures.map(({ name, email }) => ({ name, email })) };
    const sheet = await call(POST, `/v1/containers/${folder}/documents`, { method: "POST", headers: { "x-api-key": key }, body: multipart(await makePdf(2), plain), params: { uuid: folder } });
    expect((await sheet.json()).data.attributes.sign_position).toBe("DEFAULT");
  });

  it("answers 422 when the multipart body has no file, and 415 for other media types", async () => {
    const { key, actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    const form = new FormData();
    form.set("document", JSON.stringify(documentJson));
    const noFile = await call(POST, `/v1/containers/${folder}/documents`, { method: "POST", headers: { "x-api-key": key }, body: form, params: { uuid: folder } });
    expect(noFile.status).toBe(422);
    expect((await noFile.json()).errors).toEqual({ file: ["Required: the PDF as the `file` part."] });
    const xml = await call(POST, `/v1/containers/${folder}/documents`, { method: "POST", headers: { "x-api-key": key, "content-type": "application/xml" }, body: "<a/>", params: { uuid: folder } });
    expect(xml.status).toBe(415);
  });

  it("answers 404 for another user's folder and an unknown one, and 401 without a key", async () => {
    const owner = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const folder = await defaultFolderId(owner.actor);
    for (const uuid of [folder, crypto.randomUUID()]) {
      const res = await call(POST, `/v1/containers/${uuid}/documents`, { method: "POST", headers: { "x-api-key": stranger.key }, body: multipart(await makePdf(2), documentJson), params: { uuid } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Work folder not found." });
    }
    const anonymous = await call(POST, `/v1/containers/${folder}/documents`, { method: "POST", body: multipart(await makePdf(2), documentJson), params: { uuid: folder } });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: "Unauthorized" });
  });
});

describe("GET /v1/containers/{uuid}/documents", () => {
  it("answers the list envelope, newest first, paged with page and size", async () => {
    const { key, actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await seedDocument(actor, { file_name: `Contrato ${i}.pdf` }));
    const res = await call(GET, `/v1/containers/${folder}/documents?page=1&size=2`, { headers: { authorization: `Bearer ${key}` }, params: { uuid: folder } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(["data", "meta", "links"]);
    expect(body.meta).toEqual([{ page: { total: 2, initialItem: 2, totalItems: 5 } }]);
    expect(body.links).toEqual({ self: "/documents" });
    expect(body.data.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    expect(body.data[0].relationships.signatories.data).toHaveLength(2);
    // The same resource as GET /v1/documents/{uuid}.
    const one = await (await call(getDocument, `/v1/documents/${ids[2]}`, { headers: { "x-api-key": key }, params: { uuid: ids[2]! } })).json();
    expect(body.data[0]).toEqual(one.data);
  });

  it("defaults to page 0 and size 20, and the last page may be short or empty", async () => {
    const { key, actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    await seedDocument(actor);
    const first = await (await call(GET, `/v1/containers/${folder}/documents`, { headers: { "x-api-key": key }, params: { uuid: folder } })).json();
    expect(first.meta).toEqual([{ page: { total: 1, initialItem: 0, totalItems: 1 } }]);
    const beyond = await (await call(GET, `/v1/containers/${folder}/documents?page=3&size=10`, { headers: { "x-api-key": key }, params: { uuid: folder } })).json();
    expect(beyond).toEqual({ data: [], meta: [{ page: { total: 0, initialItem: 30, totalItems: 1 } }], links: { self: "/documents" } });
  });

  it("filters by file name with search", async () => {
    const { key, actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    await seedDocument(actor, { file_name: "Arrendamiento Peña.pdf" });
    await seedDocument(actor, { file_name: "Compraventa.pdf" });
    const body = await (await call(GET, `/v1/containers/${folder}/documents?search=${encodeURIComponent("peña")}`, { headers: { "x-api-key": key }, params: { uuid: folder } })).json();
    expect(body.data.map((d: { attributes: { file_name: string } }) => d.attributes.file_name)).toEqual(["Arrendamiento Peña.pdf"]);
    expect(body.meta[0].page.totalItems).toBe(1); // a search counts its matches, not the folder
    const percent = await (await call(GET, `/v1/containers/${folder}/documents?search=%25`, { headers: { "x-api-key": key }, params: { uuid: folder } })).json();
    expect(percent.data).toEqual([]);
  });

  it("keeps totalItems exact through concurrent creation, cancels, moves and deletes", async () => {
    const { key, actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    const other = (await createWorkFolder(getDb(), actor, { name: "Contratos 2026" })).id;
    const totalOf = async (id: string) =>
      (await (await call(GET, `/v1/containers/${id}/documents?size=1`, { headers: { "x-api-key": key }, params: { uuid: id } })).json()).meta[0].page.totalItems as number;
    const counted = async (id: string) => (await getDb().select({ n: count() }).from(documents).where(eq(documents.folderId, id)))[0]!.n;
    const template = await seedDocument(actor);
    await seedDocument(actor, { folderId: other });
    expect([await totalOf(folder), await totalOf(other)]).toEqual([1, 1]);

    // 25 inserts at once, each in its own transaction on its own connection (copies of the
    // service-made row: the PDF check of createDocument is not what races here).
    const copyInto = async (folderId: string) =>
      (
        await getDb().execute<{ id: string }>(sql`
          insert into documents (folder_id, owner_user_id, file_name, original_hash, page_count, sign_status, signature_ordered, notification_mode,
                                 sign_position, allow_type_signatures, tries, remember_every, remember_at, created_by)
          select ${folderId}, owner_user_id, file_name, original_hash, page_count, sign_status, signature_ordered, notification_mode,
                 sign_position, allow_type_signatures, tries, remember_every, remember_at, created_by
          from documents where id = ${template} returning id`)
      )[0]!.id;
    const copies = await Promise.all([...Array.from({ length: 20 }, () => copyInto(folder)), ...Array.from({ length: 5 }, () => copyInto(other))]);
    expect([await totalOf(folder), await totalOf(other)]).toEqual([21, 6]);
    // A cancelled document is still listed, so still counted.
    await cancelDocument(getDb(), actor, template);
    expect(await totalOf(folder)).toBe(21);
    // Moved and deleted, several rows per statement (no service does either today; the triggers keep the count true anyway).
    await getDb().update(documents).set({ folderId: other }).where(inArray(documents.id, copies.slice(0, 4)));
    expect([await totalOf(folder), await totalOf(other)]).toEqual([17, 10]);
    await getDb().delete(documents).where(inArray(documents.id, [copies[4]!, copies[20]!]));
    expect([await totalOf(folder), await totalOf(other)]).toEqual([16, 9]);
    // A change rolled back leaves no trace in the count.
    await getDb()
      .transaction(async (tx) => {
        await tx.delete(documents).where(eq(documents.folderId, folder));
        throw new Error("rollback");
      })
      .catch(() => {});
    expect([await totalOf(folder), await totalOf(other)]).toEqual([16, 9]);
    expect([await counted(folder), await counted(other)]).toEqual([16, 9]);
  });

  it.each([
    ["page=-1", "page"],
    ["size=0", "size"],
    ["size=101", "size"],
    ["page=uno", "page"],
  ])("answers 422 for %s", async (query, field) => {
    const { key, actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    const res = await call(GET, `/v1/containers/${folder}/documents?${query}`, { headers: { "x-api-key": key }, params: { uuid: folder } });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual([field]);
  });

  it("never shows another user's folder: 404 and nothing listed", async () => {
    const owner = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const folder = await defaultFolderId(owner.actor);
    await seedDocument(owner.actor);
    const res = await call(GET, `/v1/containers/${folder}/documents`, { headers: { "x-api-key": stranger.key }, params: { uuid: folder } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Work folder not found." });
    const bad = await call(GET, `/v1/containers/not-a-uuid/documents`, { headers: { "x-api-key": stranger.key }, params: { uuid: "not-a-uuid" } });
    expect(bad.status).toBe(422);
  });
});
