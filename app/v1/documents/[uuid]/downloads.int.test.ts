import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { documents, signatories } from "@/lib/db/schema";
import { seedDocument } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { GET as getPdf } from "./pdf/route";
import { GET as getXml } from "./xml/route";

const xsd = path.resolve(import.meta.dirname, "../../../../lib/xml/signing-record.xsd");

function xmllintValid(xml: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "xml-")), "record.xml");
  fs.writeFileSync(file, xml);
  return execFileSync("xmllint", ["--noout", "--schema", xsd, file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

describe("GET /v1/documents/{uuid}/pdf", () => {
  it("answers the original PDF byte for byte before sealing, as application/pdf with a file name", async () => {
    const { key, actor } = await seedUserWithKey();
    const id = await seedDocument(actor, { file_name: "Contrato Ñandú.pdf", pages: 3 });
    const res = await call(getPdf, `/v1/documents/${id}/pdf`, { headers: { "x-api-key": key }, params: { uuid: id } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="Contrato Nandu.pdf"; filename*=UTF-8''Contrato%20%C3%91and%C3%BA.pdf`);
    const bytes = Buffer.from(await res.arrayBuffer());
    const [doc] = await getDb().select().from(documents).where(eq(documents.id, id));
    expect(crypto.createHash("sha256").update(bytes).digest("hex").toUpperCase()).toBe(doc!.originalHash);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const inline = await call(getPdf, `/v1/documents/${id}/pdf?disposition=inline`, { headers: { "x-api-key": key }, params: { uuid: id } });
    expect(inline.headers.get("content-disposition")).toMatch(/^inline; /);
  });

  it("answers 404 JSON to another user", async () => {
    const { actor } = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const id = await seedDocument(actor);
    const res = await call(getPdf, `/v1/documents/${id}/pdf`, { headers: { "x-api-key": stranger.key }, params: { uuid: id } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Document not found." });
  });
});

describe("GET /v1/documents/{uuid}/xml", () => {
  it("answers the signing record as application/xml, valid against the schema in the repo", async () => {
    const { key, actor, user } = await seedUserWithKey({ name: "Sofía Peña & Asociados <SA>" });
    const id = await seedDocument(actor);
    const res = await call(getXml, `/v1/documents/${id}/xml`, { headers: { authorization: `Bearer ${key}` }, params: { uuid: id } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain("filename*=UTF-8''Contrato%20%C3%91and%C3%BA.xml");
    const xml = await res.text();
    expect(xmllintValid(xml)).toBe("");
    expect(xml).toContain(`<electronicDocument xmlns="urn:rubrica:signing-record:1" version="1.0" id="${id}" status="IN_PROCESS" statusCode="1" signed="false"`);
    expect(xml).toContain("<fileName>Contrato Ñandú.pdf</fileName>");
    expect(xml).toContain(`<owner name="Sofía Peña &amp; Asociados &lt;SA&gt;" email="${user.email}"/>`);
    expect(xml).toMatch(/<originalHash algorithm="SHA-256">[0-9A-F]{64}<\/originalHash>/);
    expect(xml).toContain('<signers total="2" signed="0">');
  });

  it("says how far signing has come: a signed signer carries certificate data and time", async () => {
    const { key, actor } = await seedUserWithKey();
    const id = await seedDocument(actor);
    const [first] = await getDb().select().from(signatories).where(eq(signatories.documentId, id)).orderBy(signatories.position);
    await getDb()
      .update(signatories)
      .set({ signStatus: "SIGNED", signedAt: new Date("2026-11-22T10:00:00Z"), certificateSerialNumber: "00001000000504465028", certificateIssuerName: "AC DEL SERVICIO DE ADMINISTRACION TRIBUTARIA", signature: "MIIB", rfc: "GODE561231GR8", curp: "BOXW310820HNERXN09" })
      .where(eq(signatories.id, first!.id));
    const xml = await (await call(getXml, `/v1/documents/${id}/xml`, { headers: { "x-api-key": key }, params: { uuid: id } })).text();
    expect(xmllintValid(xml)).toBe("");
    expect(xml).toContain('<signers total="2" signed="1">');
    expect(xml).toContain(`<signer id="${first!.id}" order="1" status="SIGNED">`);
    // Empty: the record is written back by the XML-DSig signer (xmldom), which closes it as <certificate …/>.
    expect(xml).toMatch(/<certificate number="00001000000504465028" issuer="AC DEL SERVICIO DE ADMINISTRACION TRIBUTARIA"(><\/certificate>|\/>)/);
    expect(xml).toContain("<signedAt>2026-11-22T10:00:00.000Z</signedAt>");
    expect(xml).toContain("<curp>BOXW310820HNERXN09</curp>");
  });

  it("answers another user exactly as an unknown id: 404 JSON, no file", async () => {
    const { actor } = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const id = await seedDocument(actor);
    const answer = async (uuid: string) => {
      const res = await call(getXml, `/v1/documents/${uuid}/xml`, { headers: { "x-api-key": stranger.key }, params: { uuid } });
      return { status: res.status, type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition"), body: await res.json() };
    };
    const unknown = await answer(crypto.randomUUID());
    expect(unknown).toEqual({ status: 404, type: expect.stringMatching(/^application\/json/), disposition: null, body: { message: "Document not found." } });
    expect(await answer(id)).toEqual(unknown);
  });
});
