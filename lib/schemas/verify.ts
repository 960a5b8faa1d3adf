import { z } from "zod";

export const verifyHashQuery = z.object({
  hash: z.string().regex(/^[0-9A-Fa-f]{64}$/, "Must be a SHA-256 in hex (64 characters).").optional().describe("A sealed PDF's SHA-256, or an original's (which names a document only while no other document has the same original)."),
  id: z.uuid().optional().describe("The document's id, as the QR code and link of a signature sheet carry it."),
});

export const verificationBody = z
  .object({
    data: z.object({
      found: z.boolean(),
      kind: z.enum(["pdf", "xml", "hash"]),
      intact: z.boolean().nullable().describe("For an XML record: true only when it carries the platform seal's XML-DSig signature and every field equals the document it names (records of documents sealed before 2026-11-26 00:00 UTC, issued unsigned, are compared field by field)."),
      matched: z.enum(["sealed", "original", "record"]).nullable().describe("`original` with `document` null: the original of more than one document (anyone may upload the same PDF), so none is named."),
      document: z
        .object({
          file_name: z.string().nullable().describe("Only for a sealed document; null while in process, rejected, cancelled or expired."),
          original_hash: z.string(),
          sealed_hash: z.string().nullable(),
          sign_status_name: z.string().describe("IN_PROCESS, COMPLETED, REJECTED, CANCELLED or EXPIRED."),
          signed: z.boolean().describe("True once sealed."),
          signed_at: z.string().nullable(),
          owner: z.string().nullable().describe("Only for a sealed document."),
        })
        .nullable(),
      signers: z.array(
        z.object({
          name: z.string(),
          sign_status: z.string(),
          rfc: z.string().nullable(),
          certificate_serial_number: z.string().nullable(),
          certificate_issuer_name: z.string().nullable(),
          signature_type: z.string().nullable(),
          signed_at: z.string().nullable(),
        }),
      ).describe("Who signed a sealed document, with their certificate data (never e-mails or CURPs); empty for any other state."),
      constancy: z.object({ gen_time: z.string(), tsa: z.string(), serial_number: z.string() }).nullable(),
    }),
  })
  .meta({ id: "Verification" });
export type Verification = z.infer<typeof verificationBody>["data"];

export const constancyReport = z
  .object({
    valid: z.boolean().describe("true only when the PSC granted it, it covers this file (or an earlier revision of it, see `covers`) or hash, its signature is valid over the TSTInfo with messageDigest, and the PSC's certificate chains at gen_time to a configured root (TSA_ROOTS, by default the Secretaría de Economía's ACR2-SE; the platform's own for this installation's constancias). No timeStamping extended key usage is required: accredited PSCs issue without it."),
    imprint: z.string().nullable().describe("The SHA-256 the constancia covers, hex."),
    gen_time: z.string().nullable(),
    tsa: z.string().nullable().describe("The PSC's name, from its certificate."),
    policy: z.string().nullable(),
    serial_number: z.string().nullable().describe("Hexadecimal with its sign: real PSCs issue negative serials (\"-35CEE4\")."),
    chain: z.array(z.string()).describe("Subjects from the PSC's certificate up to the root."),
    problems: z.array(z.string()).describe("Why it is not valid, in the request's language (locale cookie, else Accept-Language, else Spanish)."),
    covers: z.enum(["file", "earlier-revision"]).nullable().describe("`earlier-revision`: the constancia covers the first `covered_bytes` bytes of the PDF, a revision ending at %%EOF (a document signed by incremental updates starts with its original)."),
    covered_bytes: z.number().int().nullable(),
  })
  .meta({ id: "ConstancyCheck" });

export const pdfSignatureReport = z
  .object({
    index: z.number().int(),
    field: z.string().nullable(),
    kind: z.enum(["signature", "document-timestamp"]),
    sub_filter: z.string().nullable(),
    byte_range: z.array(z.number().int()).describe("/ByteRange: start, length, start, length."),
    covers_whole_file: z.boolean().describe("false: later revisions were appended after this signature."),
    integrity: z.enum(["valid", "invalid", "unsupported", "malformed"]).describe("valid: the bytes it covers are those signed and the signature verifies."),
    problems: z.array(z.string()),
    signer: z.object({ name: z.string(), subject: z.string(), serial_number: z.string(), issuer: z.string() }).nullable(),
    signing_time: z.string().nullable(),
    timestamp: z.object({ gen_time: z.string(), tsa: z.string().nullable(), valid: z.boolean() }).nullable(),
    trusted_type: z.string().nullable().describe("EFIRMA, FIREL, TEPJF, PLATFORM or NOM151: the configured roots the certificate chains to at the signing time (the time stamp's when valid); null when none."),
    chain: z.array(z.string()),
    chain_problem: z.string().nullable(),
  })
  .meta({ id: "PdfSignatureReport" });

export const submissionVerificationBody = z
  .object({
    data: verificationBody.shape.data.extend({
      constancy: z.union([verificationBody.shape.data.shape.constancy, constancyReport]).describe("Without a `constancy` part: this installation's constancy of the document, when it knows one. With one: that constancia, checked."),
      signatures: z.array(pdfSignatureReport).optional().describe("For a PDF: every signature it carries, judged from its bytes, whoever made it."),
    }),
  })
  .meta({ id: "SubmissionVerification" });
export type SubmissionVerification = z.infer<typeof submissionVerificationBody>["data"];
