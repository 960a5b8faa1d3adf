import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { escapeXml, signingRecordXml, type SigningRecord } from "./signing-record";

const record: SigningRecord = {
  documentId: "0b6f8f4e-4c1a-4f7e-9a57-0f2d8d1e6a10",
  fileName: 'Contrato "Ñandú" & <anexos>.pdf',
  originalHash: "A".repeat(64),
  pages: 2,
  status: { code: 2, name: "COMPLETED" },
  signed: true,
  owner: { name: "Sofía Peña Núñez", email: "sofia@example.com" },
  createdAt: new Date("2026-11-22T01:00:00Z"),
  signedAt: new Date("2026-11-22T02:00:00Z"),
  generatedAt: new Date("2026-11-22T03:00:00Z"),
  signers: [
    {
      id: "5d2b7f3c-1e1b-4c1f-8f51-7f0d1e2a3b4c",
      order: 1,
      name: "José Ángel O'Neill",
      email: "jose@example.com",
      status: "SIGNED",
      rfc: "GODE561231GR8",
      curp: "BOXW310820HNERXN09",
      representative: null,
      certificate: { base64: "MIIBAA==", number: "00001000000504465028", issuer: "AC DEL SAT" },
      signature: "MIIC",
      signedAt: new Date("2026-11-22T01:30:00Z"),
      rejectedReason: null,
    },
    {
      id: "6e3c8a4d-2f2c-4d20-9a62-8a1e2f3b4c5d",
      order: 2,
      name: "Escuela Kemper Urgate",
      email: "kemper@example.com",
      status: "SIGNED",
      rfc: "EKU9003173C9",
      curp: null,
      representative: { rfc: "VADA800927DJ3", curp: "VADA800927HSRSRL05" },
      certificate: { base64: "MIIBAA==", number: "30001000000500003415", issuer: "AC UAT" },
      signature: "MIIC",
      signedAt: new Date("2026-11-22T01:40:00Z"),
      rejectedReason: null,
    },
  ],
  conservancyRecord: { base64: "MIIDAA==", authority: "Rúbrica TSA", timestamp: new Date("2026-11-22T02:00:01Z") },
};

describe("signing record XML", () => {
  it("escapes the five XML characters and drops characters XML forbids", () => {
    expect(escapeXml(`a<b>&"c'`)).toBe("a&lt;b&gt;&amp;&quot;c&apos;");
    expect(escapeXml("uno\u0000dos\u0007\ttres\n")).toBe("unodos\ttres\n");
    expect(escapeXml("Ñandú")).toBe("Ñandú");
  });

  it("validates against the XSD with xmllint, sealed and with a conservancy record", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "xml-"));
    const file = path.join(dir, "r.xml");
    fs.writeFileSync(file, signingRecordXml(record));
    const xsd = path.resolve(import.meta.dirname, "signing-record.xsd");
    expect(execFileSync("xmllint", ["--noout", "--schema", xsd, file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })).toBe("");
    expect(fs.readFileSync(file, "utf8")).toContain('<rfc>EKU9003173C9</rfc>\n      <representative rfc="VADA800927DJ3" curp="VADA800927HSRSRL05"/>');
  });

  it("fails the XSD when a hash is not uppercase hex (the schema is not a rubber stamp)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "xml-"));
    const file = path.join(dir, "r.xml");
    fs.writeFileSync(file, signingRecordXml({ ...record, originalHash: "abc" }));
    const xsd = path.resolve(import.meta.dirname, "signing-record.xsd");
    expect(() => execFileSync("xmllint", ["--noout", "--schema", xsd, file], { stdio: "pipe" })).toThrow();
  });

  it("round-trips names with accents and markup through an XML parser", () => {
    const xml = signingRecordXml(record);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "xml-"));
    const file = path.join(dir, "r.xml");
    fs.writeFileSync(file, xml);
    const name = execFileSync("xmllint", ["--xpath", "string(//*[local-name()='fileName'])", file], { encoding: "utf8" });
    expect(name.trimEnd()).toBe('Contrato "Ñandú" & <anexos>.pdf');
    const signer = execFileSync("xmllint", ["--xpath", "string(//*[local-name()='signer']/*[local-name()='name'])", file], { encoding: "utf8" });
    expect(signer.trimEnd()).toBe("José Ángel O'Neill");
  });
});
