import { z } from "zod";

export const verifyHashQuery = z.object({ hash: z.string().regex(/^[0-9A-Fa-f]{64}$/, "Must be a SHA-256 in hex (64 characters).") });

export const verificationBody = z
  .object({
    data: z.object({
      found: z.boolean(),
      kind: z.enum(["pdf", "xml", "hash"]),
      intact: z.boolean().nullable(),
      matched: z.enum(["sealed", "original", "record"]).nullable(),
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
