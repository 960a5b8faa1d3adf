import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { signatories } from "@/lib/db/schema";
import { sealDocument } from "@/lib/services/signing/seal-document";
import { SAT_TEST_SETS, satSigner, signBodyFor, trustSatTestAuthorities } from "@/test/factories/certificates";
import { postAsSigner, seedDocumentToSign } from "@/test/factories/signing";
import { call } from "@/test/http";
import { GET as getDocument } from "@/app/v1/documents/[uuid]/route";
import { GET as getPdf } from "@/app/v1/documents/[uuid]/pdf/route";
import { GET as getXml } from "@/app/v1/documents/[uuid]/xml/route";
import { GET as view } from "../route";
import { POST as sign } from "./route";

// SAT's own test e.firma (FIEL) and CSD sets, with SAT's test authorities trusted for EFIRMA:
// what a real signer brings, with SAT's quirks (ASCII serials, "RFC / RFC_REP", T61String Ñ, no AKI).
beforeAll(trustSatTestAuthorities, 60_000);

const oneSigner = (name: string, email: string) => ({ signatures: [{ name, email }] });
const signatoryRow = async (id: string) => (await getDb().select().from(signatories).where(eq(signatories.id, id)))[0]!;
const apiSignatory = async (owner: { key: string }, id: string) =>
  (await (await call(getDocument, `/v1/documents/${id}`, { headers: { "x-api-key": owner.key }, params: { uuid: id } })).json()).data.relationships.signatories.data[0].attributes;

describe("signing with SAT's test e.firma sets", () => {
  it("a persona física (FIEL_CACX7605101P8) signs; the record has her RFC, CURP and SAT's certificate number; openssl verifies the CMS against SAT's test CA", async () => {
    const { owner, id, people, hash } = await seedDocumentToSign(oneSigner("Xochilt Casas Chávez", "xochilt@example.com"));
    const signer = await satSigner("FIEL_CACX7605101P8");
    const res = await postAsSigner(sign, people[0]!.id, await signBodyFor(signer, hash));
    expect(res.status).toBe(200);
    expect(await apiSignatory(owner, id)).toMatchObject({ sign_status: "SIGNED", rfc: "CACX7605101P8", curp: "CACX760510MGTSHC04", certificate_serial_number: "30001000000500003282", certificate_issuer_name: "AC UAT" });
    expect(await signatoryRow(people[0]!.id)).toMatchObject({ representativeRfc: null, representativeCurp: null });

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sat-signed-"));
    const row = await signatoryRow(people[0]!.id);
    fs.writeFileSync(path.join(dir, "sig.p7s"), Buffer.from(row.signature!, "base64"));
    const { fileStorage } = await import("@/lib/adapters/storage/storage");
    fs.writeFileSync(path.join(dir, "original.pdf"), await fileStorage().get(hash));
    fs.writeFileSync(path.join(dir, "sat-2022.pem"), ["ARC_UAT_2022_root.pem", "AC_UAT_2022.pem"].map((f) => fs.readFileSync(path.join(SAT_TEST_SETS, "ca", f), "utf8")).join("\n"));
    const cms = spawnSync("openssl", ["cms", "-verify", "-binary", "-inform", "DER", "-in", path.join(dir, "sig.p7s"), "-content", path.join(dir, "original.pdf"), "-CAfile", path.join(dir, "sat-2022.pem"), "-purpose", "any", "-out", "/dev/null"], { encoding: "utf8" });
    expect(cms.stderr).toContain("Verification successful");
  });

  it("a persona moral (FIEL_EKU9003173C9) signs; the row, the XML record keeps the company's RFC and its legal representative's RFC and CURP, the signature sheet prints them masked", async () => {
    const { owner, id, people, hash } = await seedDocumentToSign(oneSigner("Escuela Kemper Urgate", "kemper@example.com"));
    const res = await postAsSigner(sign, people[0]!.id, await signBodyFor(await satSigner("FIEL_EKU9003173C9"), hash));
    expect(res.status).toBe(200);
    // 2.5.4.45 = "EKU9003173C9 / VADA800927DJ3", 2.5.4.5 = " / VADA800927HSRSRL05": the company has no CURP.
    expect(await signatoryRow(people[0]!.id)).toMatchObject({ rfc: "EKU9003173C9", curp: null, representativeRfc: "VADA800927DJ3", representativeCurp: "VADA800927HSRSRL05", certificateSerialNumber: "30001000000500003415" });

    expect(await sealDocument(getDb(), id)).toBe("sealed");
    const xml = await (await call(getXml, `/v1/documents/${id}/xml`, { headers: { "x-api-key": owner.key }, params: { uuid: id } })).text();
    expect(xml).toContain('<rfc>EKU9003173C9</rfc>\n      <representative rfc="VADA800927DJ3" curp="VADA800927HSRSRL05"/>');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sat-sealed-"));
    fs.writeFileSync(path.join(dir, "record.xml"), xml);
    expect(spawnSync("xmllint", ["--noout", "--schema", path.resolve("lib/xml/signing-record.xsd"), path.join(dir, "record.xml")], { encoding: "utf8" }).status).toBe(0);
    const pdf = await call(getPdf, `/v1/documents/${id}/pdf`, { headers: { "x-api-key": owner.key }, params: { uuid: id } });
    fs.writeFileSync(path.join(dir, "sealed.pdf"), Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", path.join(dir, "sealed.pdf"), "-"], { encoding: "utf8" });
    expect(text).toContain("RFC EKU9*****3C9"); // the sheet masks identifiers (issue 63 row 11); the row and the owner's XML keep them whole
    expect(text).toContain("Representante legal: RFC VADA******DJ3 · CURP VADA***********L05");
    expect(text).not.toContain("VADA800927");
  }, 60_000);

  it.each(["CSD_CACX7605101P8", "CSD_EKU9003173C9"])("refuses %s, a CSD (invoicing seal), saying what it is and to use the e.firma; nothing changes", async (folder) => {
    const { people, hash } = await seedDocumentToSign(oneSigner("Xochilt Casas Chávez", "xochilt@example.com"));
    const res = await postAsSigner(sign, people[0]!.id, await signBodyFor(await satSigner(folder), hash));
    expect(res.status).toBe(422);
    expect((await res.json()).errors.certificate).toEqual([
      "This is a digital seal certificate (CSD), which the SAT issues only for invoicing. To sign, use your e.firma (FIEL): its .cer and .key are the ones you got from the SAT for your tax procedures, not the invoicing ones.",
    ]);
    const link = (await (await call(view, `/v1/signatures/${people[0]!.id}`, { params: { signatureId: people[0]!.id } })).json()).data;
    expect(link.signer.sign_status).toBe("PENDING");
  });

  it.each(["FIEL_CAÑF770131PA3", "FIEL_AAA010101AAA"])("refuses the expired %s with the expiry message", async (folder) => {
    const { people, hash } = await seedDocumentToSign(oneSigner("Fernando Castillo Ñabarro", "fernando@example.com"));
    const res = await postAsSigner(sign, people[0]!.id, await signBodyFor(await satSigner(folder), hash));
    expect(res.status).toBe(422);
    expect((await res.json()).errors.certificate).toEqual(["The certificate has expired. Renew it with its authority (for e.firma, the SAT)."]);
    expect((await signatoryRow(people[0]!.id)).signStatus).toBe("PENDING");
  });
});
