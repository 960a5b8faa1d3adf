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
