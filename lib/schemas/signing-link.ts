import { z } from "zod";
import { uuidParam } from "./common";
import { signatureBox } from "./signing";

// The public signing link's endpoints (/v1/signatures/{signature_id}); no authentication.

export const signatureParams = z.object({ signatureId: uuidParam });

export const signBody = z
  .object({
    type: z.enum(["EFIRMA", "FIREL", "TEPJF", "RUBRICA"], { error: "Must be EFIRMA, FIREL, TEPJF or RUBRICA." }),
    certificate: z.string().min(1, "Required: the certificate (.cer, or for RUBRICA the one POST /identity/certificate issued) as Base64 DER.").max(20_000),
    signature: z.string().min(1, "Required: the CMS detached signature as Base64 DER.").max(100_000),
    autograph: z.string().max(700_000).startsWith("data:image/png;base64,", "Must be a PNG data URI.").optional().nullable(),
  })
  .meta({ id: "SignRequest", description: "The certificate and a CMS detached SignedData (SHA-256) whose messageDigest signed attribute is the document's original hash. Made in the signer's browser; the private key never leaves it." });

export const identityCertificateBody = z
  .object({
    csr: z.string().min(1, "Required: a PKCS#10 certificate request as Base64 DER.").max(10_000).regex(/^[A-Za-z0-9+/=\s]+$/, "Must be Base64 (DER)."),
  })
  .meta({ id: "IdentityCertificateRequest", description: "A PKCS#10 request for an RSA key (2048 bits or more) the signer's browser made, signed with that key." });

export const identityCertificateView = z
  .object({
    data: z.object({
      certificate: z.string().meta({ description: "The signer's certificate, Base64 DER: the verified name and CURP, issued by RUBRICA AC DE IDENTIDAD VERIFICADA." }),
      chain: z.array(z.string()).meta({ description: "The issuing CA and the platform root, Base64 DER." }),
      certificate_number: z.string().meta({ description: "20 digits, as SAT numbers certificates." }),
      expires_at: z.string().meta({ description: "The certificate is valid for 15 minutes: sign right away." }),
    }),
  })
  .meta({ id: "IdentityCertificate" });

export const rejectBody = z.object({ reason: z.string().trim().min(3, "Tell the owner why (3 characters at least).").max(1000) }).meta({ id: "RejectRequest" });

export const signingLinkView = z
  .object({
    data: z.object({
      id: z.uuid(),
      link_status: z.enum(["ACTIVE", "SIGNED", "REJECTED", "REMOVED", "DOCUMENT_CANCELLED", "DOCUMENT_REJECTED", "DOCUMENT_EXPIRED", "NOT_YOUR_TURN"]),
      waiting_for: z.string().nullable(),
      signer: z.object({
        name: z.string(),
        sign_status: z.enum(["PENDING", "SIGNED", "REJECTED"]),
        signed_at: z.string().nullable(),
        rejected_reason: z.string().nullable(),
        boxes: z.array(signatureBox).meta({ description: "Where the owner asked this signer to sign (sign_position CUSTOM): the boxes the seal stamps, fractions of the page as displayed (crop box, rotation), origin top-left. Empty with DEFAULT: the signature goes on the signature sheet." }),
      }),
      document: z.object({
        file_name: z.string(),
        owner: z.string(),
        pages: z.number().int(),
        original_hash: z.string(),
        sign_status: z.number().int(),
        sign_status_name: z.string(),
        signature_ordered: z.enum(["INACTIVE", "ACTIVE"]),
        rejected_message: z.string().nullable(),
      }),
      allowed_types: z.array(z.string()),
      identity_verification: z
        .object({
          state: z.enum(["NOT_STARTED", "OPEN", "VERIFYING", "VERIFIED", "MISMATCH", "FAILED"]),
          result: z.number().int().nullable(),
          verification_url: z.string().nullable().meta({ description: "The verification page, while the verification is OPEN." }),
          verified_name: z.string().nullable(),
          verified_curp: z.string().nullable(),
          attempts_left: z.number().int(),
        })
        .nullable()
        .meta({ description: "RUBRICA: where the signer stands with their identity verification; null when the document does not accept RUBRICA." }),
      signers: z.array(z.object({ name: z.string(), sign_status: z.enum(["PENDING", "SIGNED", "REJECTED"]), signed_at: z.string().nullable(), is_you: z.boolean() })),
    }),
  })
  .meta({ id: "SigningLink" });
