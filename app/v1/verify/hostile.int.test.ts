import { describe, expect, it } from "vitest";
import { PDF_SIGNATURE_LIMITS } from "@/lib/pdf/pdf-signature-report";
import fs from "node:fs";
import path from "node:path";
import { VERIFICATION_LIMITS } from "@/lib/services/signing/verify-off-thread";
import { XML_RECORD_LIMITS } from "@/lib/xml/xml-shape";
import { REALWORLD_PDFS } from "@/test/realworld";
import { deepXml } from "@/test/hostile-bodies";
import { signatureGapPdf } from "@/test/hostile-pdfs";
import { call } from "@/test/http";
import { POST } from "./route";

// Issue 63: what an anonymous POST /v1/verify may make the server do. Each hostile file gets a
// 422 naming the limit on `file`, never a 500 and never a full check; the server-level proof
// that nothing stalls meanwhile is stall.int.test.ts.
const upload = (bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.set("file", new File([bytes as BlobPart], name));
  return call(POST, "/v1/verify", { method: "POST", body: form });
};

const refusal = async (res: Response) => ({ status: res.status, file: ((await res.json()) as { errors?: { file?: string[] } }).errors?.file?.[0] ?? "" });

describe("POST /v1/verify under hostile files (anonymous)", () => {
  it("abuse: anonymous hostile XML depth (300,000 elements deep) is refused with 422 before any parse", async () => {
    const answer = await refusal(await upload(deepXml(300_000), "record.xml"));
    expect(answer).toEqual({ status: 422, file: expect.stringContaining(`more than ${XML_RECORD_LIMITS.maxDepth} deep`) });
  });

  it("abuse: anonymous XML larger than a signing record can be is refused with 422 from its length", async () => {
    const big = Buffer.concat([Buffer.from('<?xml version="1.0"?><electronicDocument xmlns="urn:rubrica"><fileName>'), Buffer.alloc(XML_RECORD_LIMITS.maxBytes, "a"), Buffer.from("</fileName></electronicDocument>")]);
    expect(await refusal(await upload(big, "record.xml"))).toEqual({ status: 422, file: expect.stringContaining("at most 4 MB") });
  });

  it("abuse: anonymous PDF with many ByteRanges over one 3 MB hex gap is refused with 422", async () => {
    expect(await refusal(await upload(signatureGapPdf({ ranges: 100, gapBytes: 3_000_000 }), "gap.pdf"))).toEqual({ status: 422, file: expect.stringContaining("/Contents is larger than 1 MB") });
    expect(await refusal(await upload(signatureGapPdf({ ranges: 20, gapBytes: 600_000 }), "gaps.pdf"))).toEqual({ status: 422, file: expect.stringContaining("add up to more than 8 MB") });
    expect(await refusal(await upload(signatureGapPdf({ ranges: PDF_SIGNATURE_LIMITS.maxSignatures + 1, gapBytes: 1000 }), "many.pdf"))).toEqual({ status: 422, file: expect.stringContaining("more than 100 signatures") });
  });

  it("abuse: anonymous PDF with one huge hex gap (16 million digits) gets 422, not a 500", async () => {
    expect(await refusal(await upload(signatureGapPdf({ ranges: 1, gapBytes: 16_000_000 }), "huge.pdf"))).toEqual({ status: 422, file: expect.stringContaining("/Contents is larger than 1 MB") });
  });

  it("abuse: a file whose check passes the work deadline gets 422 and its thread is replaced; the next file is checked", async () => {
    const signed = new Uint8Array(fs.readFileSync(path.join(REALWORLD_PDFS, "pyhanko_minimal-signed-twice-both-created.pdf")));
    const limit = VERIFICATION_LIMITS.timeoutMs;
    VERIFICATION_LIMITS.timeoutMs = 1;
    try {
      expect(await refusal(await upload(signed, "signed.pdf"))).toEqual({ status: 422, file: expect.stringContaining("more work than any real signed PDF") });
    } finally {
      VERIFICATION_LIMITS.timeoutMs = limit;
    }
    const res = await upload(signed, "signed.pdf");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { signatures: { integrity: string }[] } }).data.signatures.map((s) => s.integrity)).toEqual(["valid", "valid"]);
  });
});
