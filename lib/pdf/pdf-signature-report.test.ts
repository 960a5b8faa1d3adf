import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { signatureGapPdf } from "@/test/hostile-pdfs";
import { REALWORLD_PDFS } from "@/test/realworld";
import { PDF_SIGNATURE_LIMITS, reportPdfSignatures } from "./pdf-signature-report";

// Every signature of the real corpus (pdf.js's qualified signatures, pyHanko's PAdES files,
// qpdf's, pdfminer's, a form from PDFlib) judged from the file's bytes, against pdfsig (poppler),
// an independent verifier, on integrity: the same signatures, valid or not alike.

type PdfsigSignature = { ranges: number[]; validation: string };

function pdfsig(file: string): PdfsigSignature[] {
  const out = spawnSync("pdfsig", [file], { encoding: "utf8" }).stdout;
  return out
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .flatMap((block) => {
      const ranges = /Signed Ranges: \[(\d+) - (\d+)\], \[(\d+) - (\d+)\]/.exec(block);
      const validation = /Signature Validation: (.+)$/m.exec(block)?.[1];
      return ranges && validation ? [{ ranges: ranges.slice(1, 5).map(Number), validation }] : [];
    });
}

const signedFiles = fs.readdirSync(REALWORLD_PDFS).filter((f) => f.endsWith(".pdf") && pdfsig(path.join(REALWORLD_PDFS, f)).length > 0);

describe("reportPdfSignatures on the real corpus", () => {
  it("finds the corpus's signed files", () => {
    expect(signedFiles.length).toBeGreaterThanOrEqual(6);
  });

  it.each(signedFiles)("%s: the signatures pdfsig sees, valid exactly where pdfsig says so", async (name) => {
    const file = path.join(REALWORLD_PDFS, name);
    const bytes = new Uint8Array(fs.readFileSync(file));
    const ours = await reportPdfSignatures(bytes, []);
    for (const theirs of pdfsig(file)) {
      // pdfsig prints each range's first and last byte; ours is (start, length, start, length).
      const [a, b, c, d] = theirs.ranges as [number, number, number, number];
      const mine = ours.find((r) => r.byte_range[0] === a && r.byte_range[1] === b - a && r.byte_range[2] === c && r.byte_range[2] + r.byte_range[3] === d);
      expect(mine, `${name}: a signature over [${theirs.ranges}]`).toBeDefined();
      if (theirs.validation === "Signature has not yet been verified.") {
        // pdfsig does not check document time stamps (ETSI.RFC3161): ours are checked as time stamps.
        expect(mine!.kind).toBe("document-timestamp");
        continue;
      }
      expect(mine!.integrity === "valid", `${name} [${theirs.ranges}]: pdfsig says ${theirs.validation}; ours ${mine!.integrity} ${mine!.problems}`).toBe(theirs.validation === "Signature is Valid.");
    }
  });

  it("reports what a person needs: who, when, the covering, the time stamp", async () => {
    const [first, second] = await reportPdfSignatures(new Uint8Array(fs.readFileSync(path.join(REALWORLD_PDFS, "pyhanko_minimal-signed-twice-both-created.pdf"))), []);
    expect(first).toMatchObject({ kind: "signature", integrity: "valid", covers_whole_file: false, signer: { name: "Lord Testerino" }, signing_time: "2021-01-11T18:45:14.000Z" });
    expect(second).toMatchObject({ field: "Signature3", integrity: "valid", covers_whole_file: true, timestamp: { gen_time: "2021-01-11T18:45:37.000Z", valid: true } });
    // Nothing configured trusts pyHanko's test authority.
    expect(second!.trusted_type).toBeNull();
  });

  it("says invalid when a byte the signature covers changes, and finds nothing in an unsigned file", async () => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(REALWORLD_PDFS, "qpdf_minimal-signed-restricted.pdf")));
    bytes[100]! ^= 1;
    const [report] = await reportPdfSignatures(bytes, []);
    expect(report).toMatchObject({ integrity: "invalid", problems: ["digest-mismatch"] });
    expect(await reportPdfSignatures(new Uint8Array(fs.readFileSync(path.join(REALWORLD_PDFS, "pdfjs_helloworld.pdf"))), [])).toEqual([]);
  });
});

describe("reportPdfSignatures on hostile files (issue 63)", () => {
  const refusal = (problem: string) => expect.objectContaining({ name: "PdfSignatureLimitError", problem });

  it("abuse: one huge /Contents gap (8 MB of bytes as 16 million hex digits) is refused as too large, not a RangeError", async () => {
    await expect(reportPdfSignatures(signatureGapPdf({ ranges: 1, gapBytes: 16_000_000 }), [])).rejects.toEqual(refusal("contents-too-large"));
  });

  it("abuse: many /ByteRanges over one gap are read within one budget for the file, then refused", async () => {
    await expect(reportPdfSignatures(signatureGapPdf({ ranges: 20, gapBytes: 600_000 }), [])).rejects.toEqual(refusal("contents-too-large-together"));
    await expect(reportPdfSignatures(signatureGapPdf({ ranges: 100, gapBytes: 3_000_000 }), [])).rejects.toEqual(refusal("contents-too-large"));
  });

  it("abuse: more /ByteRanges than the limit are refused, not checked in part", async () => {
    await expect(reportPdfSignatures(signatureGapPdf({ ranges: PDF_SIGNATURE_LIMITS.maxSignatures + 1, gapBytes: 1000 }), [])).rejects.toEqual(refusal("too-many-signatures"));
  });

  it("reads a gap just under the limit, and reports what is not a CMS as such", async () => {
    const reports = await reportPdfSignatures(signatureGapPdf({ ranges: 2, gapBytes: PDF_SIGNATURE_LIMITS.maxContentsBytes }), []);
    expect(reports.map((r) => r.problems)).toEqual([["contents"], ["contents"]]);
  });
});
