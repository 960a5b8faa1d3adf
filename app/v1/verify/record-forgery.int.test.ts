import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFArray, type PDFRef } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { getDb } from "@/lib/db/client";
import { documents } from "@/lib/db/schema";
import { createDocumentInput } from "@/lib/schemas/signing";
import { createDocument } from "@/lib/services/documents/create-document";
import { readDocumentXml } from "@/lib/services/documents/read-document-files";
import { sealDocument } from "@/lib/services/signing/seal-document";
import { signingEnvironment } from "@/lib/services/signing/signing-environment";
import { defaultFolderId, makePdf } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { seedSignedDocument, signAllSignatories } from "@/test/factories/signing";
import { call } from "@/test/http";
import { GET, POST } from "./route";

const verifyXml = async (xml: string) => {
  const form = new FormData();
  form.set("file", new File([new TextEncoder().encode(xml) as BlobPart], "registro.xml"));
  return (await (await call(POST, "/v1/verify", { method: "POST", body: form })).json()).data;
};
const verifyPdf = async (bytes: Uint8Array) => {
  const form = new FormData();
  form.set("file", new File([bytes as BlobPart], "f.pdf"));
  return (await (await call(POST, "/v1/verify", { method: "POST", body: form })).json()).data;
};

let dir: string;
let rootPem: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "record-"));
  rootPem = path.join(dir, "root.pem");
  fs.writeFileSync(rootPem, (await signingEnvironment()).platform.root.certificate.toString("pem"));
}, 60_000);

/** xmlsec1 (libxmlsec1, another implementation of XML-DSig) against the platform root alone. */
const xmlsec = (xml: string) => {
  const file = path.join(dir, `${Math.random()}.xml`);
  fs.writeFileSync(file, xml);
  return spawnSync("xmlsec1", ["--verify", "--trusted-pem", rootPem, file], { encoding: "utf8" });
};
const xsdValid = (xml: string) => {
  const file = path.join(dir, `${Math.random()}.xml`);
  fs.writeFileSync(file, xml);
  return spawnSync("xmllint", ["--noout", "--schema", path.resolve("lib/xml/signing-record.xsd"), file], { encoding: "utf8" }).status === 0;
};

/** The XML attached to a sealed PDF (its embedded file), and the text of its pages. */
async function attachmentOf(pdfBytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(pdfBytes);
  const names = pdf.catalog.lookup(PDFName.of("Names"), PDFDict).lookup(PDFName.of("EmbeddedFiles"), PDFDict).lookup(PDFName.of("Names"), PDFArray);
  const spec = names.lookup(1, PDFDict);
  const ref = spec.lookup(PDFName.of("EF"), PDFDict).get(PDFName.of("F")) as PDFRef;
  const stream = pdf.context.lookup(ref) as PDFRawStream;
  const { inflateSync } = await import("node:zlib");
  return inflateSync(Buffer.from(stream.contents)).toString("utf8");
}

describe("/verify and the XML record: only the record this service issued is intact", () => {
  it("signs the record with the platform seal (xmlsec1 agrees, the XSD holds) and refuses edited names, RFCs, stripped signatures and bare skeletons", async () => {
    const { owner, id, hash } = await seedSignedDocument();
    await sealDocument(getDb(), id);
    const { xml } = await readDocumentXml(getDb(), owner.actor, id);
    expect(xml).toContain("<Signature xmlns=\"http://www.w3.org/2000/09/xmldsig#\">");
    expect(xsdValid(xml)).toBe(true);
    const independent = xmlsec(xml);
    expect(independent.status, independent.stderr).toBe(0);
    expect(independent.stderr).toContain("OK");
    expect(await verifyXml(xml)).toMatchObject({ found: true, intact: true, matched: "record" });

    // The forgery: a genuine record with the signer's name and RFC edited.
    const forged = xml.replace("<name>BEGOÑA NÚÑEZ</name>", "<name>MALLORY FORJADOR</name>").replace("<rfc>GODE561231GR8</rfc>", "<rfc>XAXX010101000</rfc>");
    expect(forged).not.toBe(xml);
    expect(xmlsec(forged).status).not.toBe(0);
    expect(await verifyXml(forged)).toMatchObject({ found: true, intact: false });
    // The same forgery with the signature cut off, and with the signature values removed.
    const unsigned = forged.replace(/<Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">[\s\S]*<\/Signature>/, "");
    expect(await verifyXml(unsigned)).toMatchObject({ intact: false });
    expect(await verifyXml(xml.replace(/<Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">[\s\S]*<\/Signature>/, ""))).toMatchObject({ intact: false });
    expect(await verifyXml(xml.replace(/\s*<signature>[^<]*<\/signature>/g, ""))).toMatchObject({ intact: false });
    // Three elements and the original hash: nothing to be intact about.
    const skeleton = `<?xml version="1.0" encoding="UTF-8"?>\n<electronicDocument xmlns="urn:rubrica:signing-record:1" id="${id}"><originalHash algorithm="SHA-256">${hash}</originalHash></electronicDocument>`;
    expect(await verifyXml(skeleton)).toMatchObject({ intact: false });
    // A second Signature copied in (wrapping): refused.
    const sig = /<Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">[\s\S]*<\/Signature>/.exec(xml)![0];
    expect(await verifyXml(forged.replace("<signers", `${sig}<signers`))).toMatchObject({ intact: false });
  }, 120_000);

  it("refuses a record signed by another key, even with the platform's certificate copied into KeyInfo", async () => {
    const { owner, id } = await seedSignedDocument();
    await sealDocument(getDb(), id);
    const { xml } = await readDocumentXml(getDb(), owner.actor, id);
    // Re-sign the edited record with the TSA's key (the platform's, but not the seal).
    const { sealRecordXml } = await import("@/lib/xml/record-seal");
    const { tsa } = (await signingEnvironment()).platform;
    const stripped = xml.replace(/<Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">[\s\S]*<\/Signature>/, "").replace("<name>BEGOÑA NÚÑEZ</name>", "<name>MALLORY FORJADOR</name>");
    const byTsa = sealRecordXml(stripped, { privateKey: tsa.privateKey, certificates: [tsa.certificate, ...tsa.chain].map((c) => new Uint8Array(c.rawData)) });
    expect(await verifyXml(byTsa)).toMatchObject({ found: true, intact: false });
  }, 120_000);

  it("keeps records issued unsigned before the change: checked field by field for documents sealed before it", async () => {
    const { owner, id } = await seedSignedDocument();
    await sealDocument(getDb(), id);
    await getDb().update(documents).set({ sealedAt: new Date("2026-11-20T10:00:00Z") }).where(eq(documents.id, id));
    const { xml } = await readDocumentXml(getDb(), owner.actor, id);
    const legacy = xml.replace(/<Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">[\s\S]*<\/Signature>/, "");
    expect(await verifyXml(legacy)).toMatchObject({ found: true, intact: true, matched: "record" });
    expect(await verifyXml(legacy.replace("<name>BEGOÑA NÚÑEZ</name>", "<name>MALLORY FORJADOR</name>"))).toMatchObject({ intact: false });
    expect(await verifyXml(legacy.replace("<rfc>GODE561231GR8</rfc>", "<rfc>XAXX010101000</rfc>"))).toMatchObject({ intact: false });
    expect(await verifyXml(legacy.replace(/\s*<signature>[^<]*<\/signature>/g, ""))).toMatchObject({ intact: false });
  }, 120_000);

  it("two tenants seal the same PDF: each one's XML, QR and sealed file resolve to its own; the original hash names neither", async () => {
    const bytes = await makePdf(2, "Mismo contrato para dos");
    const input = createDocumentInput.parse({ file_name: "Mismo.pdf", signatures: [{ name: "Begoña Núñez", email: "begona@example.com" }, { name: "José Ángel Peña", email: "jose@example.com" }] });
    const a = await seedUserWithKey({ name: "Arturo Dueño" });
    const b = await seedUserWithKey({ name: "Beatriz Otra" });
    const idA = await createDocument(getDb(), a.actor, await defaultFolderId(a.actor), input, { bytes });
    await signAllSignatories(idA);
    await sealDocument(getDb(), idA);
    const idB = await createDocument(getDb(), b.actor, await defaultFolderId(b.actor), input, { bytes });
    await signAllSignatories(idB);
    await sealDocument(getDb(), idB);
    const [docA] = await getDb().select().from(documents).where(eq(documents.id, idA));
    const [docB] = await getDb().select().from(documents).where(eq(documents.id, idB));
    expect(docA!.originalHash).toBe(docB!.originalHash);

    for (const [who, id, doc] of [[a, idA, docA!], [b, idB, docB!]] as const) {
      const owner = who === a ? "Arturo Dueño" : "Beatriz Otra";
      const { xml } = await readDocumentXml(getDb(), who.actor, id);
      expect(await verifyXml(xml)).toMatchObject({ intact: true, document: { owner, sealed_hash: doc.sealedHash } });
      const sealed = new Uint8Array(await fileStorage().get(doc.sealedHash!));
      expect(await verifyPdf(sealed)).toMatchObject({ intact: true, matched: "sealed", document: { owner } });
      // The QR on the sheet names this document, and /verify?id= answers with it.
      const text = execFileSync("pdftotext", ["-", "-"], { input: sealed }).toString("utf8");
      expect(text).not.toContain("@example.com");
      const attached = await attachmentOf(sealed);
      expect(attached).toContain(`id="${id}"`);
      expect(attached).not.toContain("@");
      expect(xmlsec(attached).status).toBe(0);
      expect(await verifyXml(attached)).toMatchObject({ intact: true, document: { owner } });
      const byId = (await (await call(GET, `/v1/verify?id=${id}`)).json()).data;
      expect(byId).toMatchObject({ found: true, document: { owner, sealed_hash: doc.sealedHash } });
    }
    // The original is both of theirs: it names no one.
    const byOriginal = (await (await call(GET, `/v1/verify?hash=${docA!.originalHash}`)).json()).data;
    expect(byOriginal).toMatchObject({ found: true, matched: "original", document: null, signers: [] });
    expect(await verifyPdf(bytes)).toMatchObject({ found: true, matched: "original", document: null });
  }, 180_000);
});
