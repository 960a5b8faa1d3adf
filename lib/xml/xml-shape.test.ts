import { describe, expect, it } from "vitest";
import { signingRecordXml, type SigningRecord } from "./signing-record";
import { XML_RECORD_LIMITS, xmlShapeProblem } from "./xml-shape";

const bytes = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));
const nested = (depth: number) => `<?xml version="1.0"?><electronicDocument xmlns="urn:x">${"<a>".repeat(depth - 1)}${"</a>".repeat(depth - 1)}</electronicDocument>`;

const signer = (i: number): SigningRecord["signers"][number] => ({
  id: `5d2b7f3c-1e1b-4c1f-8f51-${String(i).padStart(12, "0")}`,
  order: i,
  name: "José Ángel O'Neill",
  email: "jose@example.com",
  status: "SIGNED",
  rfc: "GODE561231GR8",
  curp: "BOXW310820HNERXN09",
  representative: null,
  certificate: { base64: "M".repeat(2400), number: "00001000000504465028", issuer: "AC DEL SAT" },
  signature: "S".repeat(8000),
  signedAt: new Date("2026-11-22T02:00:00Z"),
  rejectedReason: null,
});

describe("xmlShapeProblem", () => {
  it("passes a signing record with 50 signers, each with a large certificate and signature", () => {
    const record: SigningRecord = {
      documentId: "0b6f8f4e-4c1a-4f7e-9a57-0f2d8d1e6a10",
      fileName: 'a "b" <c> / d.pdf',
      originalHash: "A".repeat(64),
      pages: 2,
      status: { code: 2, name: "COMPLETED" },
      signed: true,
      owner: { name: "Sofía", email: "s@example.com" },
      createdAt: new Date(),
      signedAt: new Date(),
      generatedAt: new Date(),
      signers: Array.from({ length: 50 }, (_, i) => signer(i + 1)),
      conservancyRecord: { base64: "T".repeat(8000), authority: "NOM151", timestamp: new Date() },
    };
    const xml = signingRecordXml(record);
    expect(xml.length).toBeLessThan(XML_RECORD_LIMITS.maxBytes);
    expect(xmlShapeProblem(bytes(xml))).toBeNull();
  });

  it("abuse: hostile XML depth past the limit is refused before any parse", () => {
    expect(xmlShapeProblem(bytes(nested(XML_RECORD_LIMITS.maxDepth)))).toBeNull();
    expect(xmlShapeProblem(bytes(nested(XML_RECORD_LIMITS.maxDepth + 1)))).toBe("too-deep");
    expect(xmlShapeProblem(bytes(nested(2_500_000)), { maxBytes: Infinity, maxDepth: 64 })).toBe("too-deep");
  });

  it("abuse: an XML file larger than the limit is refused from its length", () => {
    expect(xmlShapeProblem(new Uint8Array(XML_RECORD_LIMITS.maxBytes + 1))).toBe("too-large");
  });

  it("counts only elements: self-closing tags, closing tags, comments, CDATA, PIs and quoted '>' do not nest", () => {
    const flat = `<?xml version="1.0"?><r>${'<e a=">" b="/>"/><!-- <x><y> --><![CDATA[<x><y>]]><?pi <x>?><f a=\'<\'></f>'.repeat(1000)}</r>`;
    expect(xmlShapeProblem(bytes(flat), { maxBytes: Infinity, maxDepth: 2 })).toBeNull();
    expect(xmlShapeProblem(bytes("<r><a><b/></a></r>"), { maxBytes: Infinity, maxDepth: 2 })).toBeNull();
    expect(xmlShapeProblem(bytes("<r><a><b></b></a></r>"), { maxBytes: Infinity, maxDepth: 2 })).toBe("too-deep");
  });

  it("leaves truncated or malformed text to the parser", () => {
    expect(xmlShapeProblem(bytes("<r><a"))).toBeNull();
    expect(xmlShapeProblem(bytes("<r><!-- never closed"))).toBeNull();
    expect(xmlShapeProblem(bytes('<r a="never closed>'))).toBeNull();
  });
});
