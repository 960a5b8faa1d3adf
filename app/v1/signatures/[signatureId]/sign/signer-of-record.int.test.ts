import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { signatories } from "@/lib/db/schema";
import { sealDocument } from "@/lib/services/signing/seal-document";
import { satSigner, signBodyFor, testSigner, trustSatTestAuthorities } from "@/test/factories/certificates";
import { postAsSigner, seedDocumentToSign } from "@/test/factories/signing";
import { call } from "@/test/http";
import { GET as getDocument } from "@/app/v1/documents/[uuid]/route";
import { GET as getPdf } from "@/app/v1/documents/[uuid]/pdf/route";
import { GET as getXml } from "@/app/v1/documents/[uuid]/xml/route";
import { GET as verify } from "@/app/v1/verify/route";
import { POST as sign } from "./route";

// Who signed is the certificate's holder: anyone holding the link could otherwise sign "as" the
// name the owner typed with another person's valid e.firma.
beforeAll(trustSatTestAuthorities, 60_000);

const FAKE = "Andrés Manuel Presidente Falso";
const asOwner = (owner: { key: string }, id: string) => ({ headers: { "x-api-key": owner.key }, params: { uuid: id } });
const apiSignatory = async (owner: { key: string }, id: string) => (await (await call(getDocument, `/v1/documents/${id}`, asOwner(owner, id))).json()).data.relationships.signatories.data[0].attributes;

async function sealedRecords(owner: { key: string }, id: string, hash: string) {
  expect(await sealDocument(getDb(), id)).toBe("sealed");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signer-of-record-"));
  const xml = await (await call(getXml, `/v1/documents/${id}/xml`, asOwner(owner, id))).text();
  fs.writeFileSync(path.join(dir, "record.xml"), xml);
  const schema = spawnSync("xmllint", ["--noout", "--schema", path.resolve("lib/xml/signing-record.xsd"), path.join(dir, "record.xml")], { encoding: "utf8" });
  expect(schema.status, schema.stderr).toBe(0);
  const pdf = await call(getPdf, `/v1/documents/${id}/pdf`, asOwner(owner, id));
  fs.writeFileSync(path.join(dir, "sealed.pdf"), Buffer.from(await pdf.arrayBuffer()));
  const sheet = execFileSync("pdftotext", ["-enc", "UTF-8", path.join(dir, "sealed.pdf"), "-"], { encoding: "utf8" });
  const verified = (await (await call(verify, `/v1/verify?hash=${hash}`)).json()).data;
  return { xml, sheet, verified };
}

describe("the signer of record is the certificate's holder", () => {
  it(`a signer typed "${FAKE}" signs with someone else's sandbox e.firma: the sheet, the XML and /verify name the holder; the owner sees the mismatch`, async () => {
    const { owner, id, people, hash } = await seedDocumentToSign({ signatures: [{ name: FAKE, email: "falso@example.com" }] });
    const holder = await testSigner({ name: "BEGOÑA NÚÑEZ PEÑA" });
    expect((await postAsSigner(sign, people[0]!.id, await signBodyFor(holder, hash))).status).toBe(200);

    expect(await apiSignatory(owner, id)).toMatchObject({ name: FAKE, certificate_name: "BEGOÑA NÚÑEZ PEÑA", name_matches_certificate: false, rfc: "GODE561231GR8" });

    const { xml, sheet, verified } = await sealedRecords(owner, id, hash);
    expect(xml).toContain("<name>BEGOÑA NÚÑEZ PEÑA</name>");
    expect(sheet).toContain("BEGOÑA NÚÑEZ PEÑA");
    expect(verified.signers.map((s: { name: string }) => s.name)).toEqual(["BEGOÑA NÚÑEZ PEÑA"]);
    for (const record of [xml, sheet, JSON.stringify(verified)]) expect(record).not.toMatch(/Presidente Falso/i);
  }, 60_000);

  it("with SAT's own test e.firma (FIEL_CACX7605101P8) under a typed name of someone else, the records name its holder", async () => {
    const { owner, id, people, hash } = await seedDocumentToSign({ signatures: [{ name: FAKE, email: "falso@example.com" }] });
    expect((await postAsSigner(sign, people[0]!.id, await signBodyFor(await satSigner("FIEL_CACX7605101P8"), hash))).status).toBe(200);
    const signed = await apiSignatory(owner, id);
    expect(signed).toMatchObject({ name: FAKE, name_matches_certificate: false, rfc: "CACX7605101P8" });
    expect(signed.certificate_name).toMatch(/^XOCHILT CASAS CHAVEZ$/);
    const { xml, sheet, verified } = await sealedRecords(owner, id, hash);
    for (const record of [xml, sheet, verified.signers[0].name]) expect(record).toContain(signed.certificate_name);
  }, 60_000);

  it("marks nothing when the typed name is the holder's as people type it (case, accents, fewer words)", async () => {
    const { owner, id, people, hash } = await seedDocumentToSign({ signatures: [{ name: "Begoña Núñez", email: "begona@example.com" }] });
    expect((await postAsSigner(sign, people[0]!.id, await signBodyFor(await testSigner({ name: "BEGOÑA NÚÑEZ PEÑA" }), hash))).status).toBe(200);
    expect(await apiSignatory(owner, id)).toMatchObject({ name: "Begoña Núñez", certificate_name: "BEGOÑA NÚÑEZ PEÑA", name_matches_certificate: true });
  });

  it("shows null for both fields while the signer has not signed", async () => {
    const { owner, id } = await seedDocumentToSign({ signatures: [{ name: FAKE, email: "falso@example.com" }] });
    expect(await apiSignatory(owner, id)).toMatchObject({ sign_status: "PENDING", certificate_name: null, name_matches_certificate: null });
  });

  it.each([
    ["an RFC", { rfc: "MAB9307148T4" }, /^This certificate belongs to RFC GODE561231GR8; the document asks for MAB9307148T4\.$/],
    ["a CURP", { curp: "CACX760510MGTSHC04" }, /^This certificate belongs to CURP BOXW310820HNERXN09; the document asks for CACX760510MGTSHC04\.$/],
  ])("refuses (422) another person's certificate when the owner gave %s, and records nothing", async (_, given, message) => {
    const { owner, id, people, hash } = await seedDocumentToSign({ signatures: [{ name: FAKE, email: "falso@example.com", ...given }] });
    const res = await postAsSigner(sign, people[0]!.id, await signBodyFor(await testSigner(), hash));
    expect(res.status).toBe(422);
    expect((await res.json()).errors.certificate[0]).toMatch(message);
    const [row] = await getDb().select().from(signatories).where(eq(signatories.id, people[0]!.id));
    expect(row).toMatchObject({ signStatus: "PENDING", certificateName: null, signature: null });
    expect(await apiSignatory(owner, id)).toMatchObject(given);
  });

  it("signs when the CURP the owner gave is the certificate's, whatever name was typed", async () => {
    const { owner, id, people, hash } = await seedDocumentToSign({ signatures: [{ name: FAKE, email: "falso@example.com", curp: "boxw310820hnerxn09" }] });
    expect((await postAsSigner(sign, people[0]!.id, await signBodyFor(await testSigner(), hash))).status).toBe(200);
    expect(await apiSignatory(owner, id)).toMatchObject({ curp: "BOXW310820HNERXN09", name_matches_certificate: false });
  });

  it("accepts, on a company's SAT e.firma (FIEL_EKU9003173C9), the legal representative's RFC the owner gave", async () => {
    const { people, hash } = await seedDocumentToSign({ signatures: [{ name: "Escuela Kemper Urgate", email: "kemper@example.com", rfc: "VADA800927DJ3" }] });
    expect((await postAsSigner(sign, people[0]!.id, await signBodyFor(await satSigner("FIEL_EKU9003173C9"), hash))).status).toBe(200);
  });
});
