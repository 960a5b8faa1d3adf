import { z } from "zod";
import { checkCurp } from "@/lib/mx/curp";
import { checkRfc } from "@/lib/mx/rfc";
import { RUBRICA_EXTENSION, uuidParam } from "./common";
import { redirectUrl } from "./embedding";

// Signing API (/v1): inputs and the resource shapes of the reference. Browser-safe.

export const SIGNATURE_TYPE_VALUES = ["FIREL", "TEPJF", "EFIRMA", "RUBRICA"] as const;
export const DOCUMENT_STATUS_NAMES = ["DRAFT", "IN_PROCESS", "COMPLETED", "REJECTED", "CANCELLED", "EXPIRED"] as const;
export const MAX_SIGNATORIES = 50;
export const MAX_SPECTATORS = 50;

// A missing field says "Required." rather than zod's "expected string, received undefined".
const text = () => z.string({ error: (issue) => (issue.input === undefined ? "Required." : "Must be text.") });
export const name = text().trim().min(1, "Required.").max(200, "At most 200 characters.");
export const fileName = z.string().trim().min(1).max(255);
export const email = text()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Must be an e-mail address." }))
  .pipe(z.string().max(254));

/** Mexican numbers may come as 10 digits (national) or in E.164; stored as E.164. */
export const phone = z
  .string()
  .transform((v) => v.replace(/[\s().-]/g, ""))
  .pipe(z.string().regex(/^(\+?52)?\d{10}$|^\+\d{8,15}$/, "Must be a 10-digit Mexican number or an international number starting with +."))
  .transform((v) => (v.startsWith("+") ? v : v.length === 10 ? `+52${v}` : `+${v}`));

/**
 * A Mexican key (RFC, CURP) as its check in lib/mx accepts it, normalized; refused with the
 * message for the reason the check gives.
 */
function mexicanKey<Reason extends string>(check: (value: string) => { valid: true; normalized: string } | { valid: false; reason: Reason }, refusals: Record<Reason, string>) {
  return z
    .string()
    .superRefine((v, ctx) => {
      const checked = check(v);
      if (!checked.valid) ctx.addIssue({ code: "custom", message: refusals[checked.reason] });
    })
    .transform((v) => {
      const checked = check(v);
      return checked.valid ? checked.normalized : v;
    });
}

/**
 * An RFC with a check digit that does not match passes (about 1.5% of real ones have one), and so
 * does a homoclave outside SAT's table, as python-stdnum accepts them (lib/mx/rfc).
 */
export const rfc = mexicanKey(checkRfc, {
  format: "Must be an RFC: 4 letters (3 for a company), YYMMDD and a 3-character homoclave.",
  date: "Must be an RFC: its YYMMDD is not a date.",
  inconvenient_word: "Must be an RFC: its four letters form a word SAT never assigns (it writes an X last instead).",
});

export const curp = mexicanKey(checkCurp, {
  format: "Must be a CURP: 4 letters, YYMMDD, the sex (H, M or X), the state, 3 letters, the differentiator and the check digit.",
  inconvenient_word: "Must be a CURP: its first four letters form one of RENAPO's inconvenient words, which it never issues (it writes an X second: BXCA for BACA).",
  date: "Must be a CURP: its YYMMDD is not a date.",
  state: "Must be a CURP: the state code is not one of RENAPO's.",
  check_digit: "Must be a CURP: the check digit does not match.",
});

/** A signature box in fractions of the page (0–1, origin top-left), so it fits any page size. */
export const signatureBox = z
  .object({
    page: z.number().int().min(1),
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    width: z.number().gt(0).max(1),
    height: z.number().gt(0).max(1),
  })
  .refine((b) => b.x + b.width <= 1.0001 && b.y + b.height <= 1.0001, "The box must fit inside the page.")
  .meta({ id: "SignatureBox" });
export type SignatureBox = z.infer<typeof signatureBox>;

/** `positions` is serialized JSON in the reference; an array is accepted too. Stored serialized. */
export const positions = z
  .union([z.string(), z.array(z.unknown())])
  .transform((v, ctx) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "Must be serialized JSON: an array of {page, x, y, width, height}." });
      return z.NEVER;
    }
  })
  .pipe(z.array(signatureBox).max(20, "At most 20 boxes per signer."))
  .describe("Serialized JSON (or an array) of boxes {page, x, y, width, height}; x, y, width and height are fractions of the page (0–1, origin top-left). Used when sign_position is CUSTOM.");

export const signatoryInput = z.object({
  name,
  email,
  phone: phone.optional().nullable(),
  rfc: rfc.optional().nullable().describe("When given, only a certificate of this RFC (the holder's, or on a company's certificate its legal representative's) may sign."),
  curp: curp.optional().nullable().describe("When given, only a certificate of this CURP may sign.").meta(RUBRICA_EXTENSION),
  positions: positions.optional().nullable(),
  redirect_url: redirectUrl.optional().nullable().describe("Where this signer's signing page sends them after they sign or reject (https only), over the document's redirect_url.").meta(RUBRICA_EXTENSION),
});
export type SignatoryInput = z.output<typeof signatoryInput>;

export const spectatorInput = z.object({ name, email });

const clockTime = z.object({
  hour: z.number().int().min(0).max(23),
  minute: z.number().int().min(0).max(59).default(0),
  second: z.number().int().min(0).max(59).default(0),
  nano: z.number().int().min(0).max(999_999_999).default(0),
});

/** remember_at as the reference's {hour, minute, second, nano} or as "HH:MM[:SS]"; kept as "HH:MM:SS". */
export const rememberAt = z
  .union([
    clockTime,
    z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "Must be HH:MM or HH:MM:SS.")
      .transform((v) => {
        const [hour, minute, second = 0] = v.split(":").map(Number) as [number, number, number?];
        return { hour, minute, second, nano: 0 };
      }),
  ])
  .transform((t) => [t.hour, t.minute, t.second].map((n) => String(n).padStart(2, "0")).join(":"));

const tries = z.number().int().min(0, "Must be 0 or more.").max(30, "At most 30 reminders.");
const rememberEvery = z.number().int().min(1, "At least 1 day.").max(365, "At most 365 days.");

/**
 * Boxes sent for a signer are never dropped in silence: without sign_position they make the
 * document a custom-position one (hasPositions), and with sign_position DEFAULT (a signature
 * sheet, where the reference ignores them) they are refused with the reason.
 */
export const hasPositions = (signatures: { positions?: unknown[] | null }[] | undefined) => Boolean(signatures?.some((s) => s.positions && s.positions.length > 0));
export const positionsNeedCustom = (d: { sign_position?: string; signatures?: { positions?: unknown[] | null }[] }, ctx: z.RefinementCtx) => {
  if (d.sign_position === "DEFAULT" && hasPositions(d.signatures)) {
    ctx.addIssue({ code: "custom", path: ["sign_position"], message: "Signature positions were sent, but sign_position DEFAULT puts every signature on a signature sheet and ignores them. Send sign_position CUSTOM to use the positions, or leave them out." });
  }
};

export const uniqueEmails = (list: { email: string }[] | undefined, ctx: z.RefinementCtx, field: string) => {
  const seen = new Map<string, number>();
  list?.forEach((s, i) => {
    if (seen.has(s.email)) ctx.addIssue({ code: "custom", path: [field, i, "email"], message: "This e-mail is already in the list." });
    seen.set(s.email, i);
  });
};

/** A document's settings, which a template keeps too (lib/schemas/templates.ts). */
export const documentSettings = {
  tries: tries.default(3),
  remember_every: rememberEvery.default(1),
  remember_at: rememberAt.default("09:00:00"),
  signature_ordered: z.enum(["INACTIVE", "ACTIVE"]).default("INACTIVE"),
  sign_position: z.enum(["DEFAULT", "CUSTOM"]).optional().describe("CUSTOM: each signer signs in the boxes of its positions; DEFAULT: on a signature sheet added at the end. When left out, CUSTOM if any signer has positions, else DEFAULT; DEFAULT with positions is refused (422)."),
  notification_mode: z.enum(["ENABLED", "DISABLED"]).default("ENABLED"),
  config: z
    .object({
      allow_type_signatures: z.array(z.enum(SIGNATURE_TYPE_VALUES)).min(1, "At least one signature type.").default(["EFIRMA", "FIREL", "TEPJF"]),
    })
    .default({ allow_type_signatures: ["EFIRMA", "FIREL", "TEPJF"] }),
};

export const createDocumentInput = z
  .object({
    file_name: fileName.optional(),
    signatures: z.array(signatoryInput).min(1, "At least one signatory.").max(MAX_SIGNATORIES, `At most ${MAX_SIGNATORIES} signatories.`),
    spectators: z.array(spectatorInput).max(MAX_SPECTATORS).default([]),
    ...documentSettings,
    redirect_url: redirectUrl.optional().nullable().describe("Where the signing page sends each signer after they sign or reject (https only; a signer's own redirect_url wins). A framed signing page sends events to its parent instead.").meta(RUBRICA_EXTENSION),
  })
  .superRefine((d, ctx) => {
    uniqueEmails(d.signatures, ctx, "signatures");
    uniqueEmails(d.spectators, ctx, "spectators");
    positionsNeedCustom(d, ctx);
  })
  .meta({ id: "CreateDocumentRequest" });
export type CreateDocumentInput = z.output<typeof createDocumentInput>;

/** The JSON form of document creation: the same fields plus the file as Base64. */
export const createDocumentJsonBody = createDocumentInput.and(
  z.object({ file_base64: z.string().min(1, "Required: the PDF as Base64.") }),
);

export const updateDocumentInput = z
  .object({
    signatures: z.array(signatoryInput).min(1, "At least one signatory.").max(MAX_SIGNATORIES).optional(),
    spectators: z.array(spectatorInput).max(MAX_SPECTATORS).optional(),
    tries: tries.optional(),
    remember_every: rememberEvery.optional(),
    company_id: uuidParam.optional(),
    remember_at: rememberAt.optional(),
    sign_position: z.enum(["DEFAULT", "CUSTOM"]).optional().describe("CUSTOM to use the signers' positions, DEFAULT for a signature sheet. Signatures sent with positions and no sign_position make the document CUSTOM; DEFAULT with positions is refused (422).").meta(RUBRICA_EXTENSION),
    notification_mode: z.enum(["ENABLED", "DISABLED"]).optional().describe("Turning it on notifies the signers whose turn it is.").meta(RUBRICA_EXTENSION),
  })
  .superRefine((d, ctx) => {
    uniqueEmails(d.signatures, ctx, "signatures");
    uniqueEmails(d.spectators, ctx, "spectators");
    positionsNeedCustom(d, ctx);
  });
export type UpdateDocumentInput = z.output<typeof updateDocumentInput>;

export const updateDocumentBody = z
  .object({ updateDocumentRequest: updateDocumentInput })
  .meta({ id: "UpdateDocumentRequest", description: "Every field is optional; a field left out is not changed. `signatures` is the whole list: signatories are matched by e-mail." });

export const createCompanyBody = z
  .object({
    name,
    rfc: rfc.optional().nullable(),
    logo: z.string().max(1_500_000, "The logo is too large (1 MB).").regex(/^[A-Za-z0-9+/=\s]*$/, "Must be Base64.").optional(),
    time_zone: z
      .string()
      .refine((tz) => Intl.supportedValuesOf("timeZone").includes(tz) || tz === "UTC", "Must be an IANA time zone such as America/Mexico_City.")
      .optional(),
  })
  .meta({ id: "CreateCompanyRequest" });

export const inviteMemberBody = z.object({ email }).meta({ id: "InviteMemberRequest" });

/** What the owner sees of an invitation: the address they typed, never whether it has an account. */
export const folderInvitationJson = z
  .object({ id: z.uuid(), email: z.string(), status: z.literal("PENDING"), created_at: z.string() })
  .meta({ id: "FolderInvitation" });
export type FolderInvitationJson = z.infer<typeof folderInvitationJson>;

/** What the invitee sees: which folder, and who invited them. */
export const invitationToMeJson = z
  .object({ id: z.uuid(), company: z.object({ id: z.uuid(), name: z.string() }), invited_by: z.string(), created_at: z.string() })
  .meta({ id: "FolderInvitationToMe" });
export type InvitationToMeJson = z.infer<typeof invitationToMeJson>;

export const invitationParams = z.object({ invitationId: uuidParam });

export const intFromQuery = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, "Must be an integer.")
    .transform(Number)
    .pipe(z.number().int().min(min, `Must be ${min} or more.`).max(max, `Must be ${max} or less.`));

export const containerDocumentsQuery = z.object({
  page: intFromQuery(0, 1_000_000).optional().describe("Page number, from 0."),
  size: intFromQuery(1, 100).optional().describe("Items per page, 1–100 (default 20)."),
  search: z.string().max(200).optional().describe("Only documents whose file name contains this text (case-insensitive).").meta(RUBRICA_EXTENSION),
});

export const COMPANY_SORT_FIELDS = ["name", "created_at", "updated_at"] as const;
export const companiesQuery = z.object({
  role: z.enum(["ROLE_OWNER", "ROLE_INVITED"]).optional(),
  "pageable.page": intFromQuery(0, 1_000_000).optional().describe("Page number, from 0."),
  "pageable.size": intFromQuery(1, 100).optional().describe("Items per page, 1–100 (default 20)."),
  "pageable.sort": z
    .string()
    .regex(new RegExp(`^(${COMPANY_SORT_FIELDS.join("|")})(,(asc|desc))?$`, "i"), `Must be a field (${COMPANY_SORT_FIELDS.join(", ")}) optionally followed by ,asc or ,desc.`)
    .optional()
    .describe("For example name,asc."),
});

export const documentParams = z.object({ uuid: uuidParam });

export const constancyQuery = z.object({
  of: z.enum(["original", "signed-file"]).default("original").describe("`original`: the constancy over the original's SHA-256 (every sealed document has it). `signed-file`: the constancia over the sealed PDF's final bytes, what NOM-151 conserves (documents sealed since 2026-11-26)."),
});

// ---- responses -------------------------------------------------------------------------------

export const pageMeta = z.array(
  z.object({ page: z.object({ total: z.number().int(), initialItem: z.number().int(), totalItems: z.number().int() }) }),
);

export const signatureResource = z
  .object({
    type: z.literal("signatures"),
    id: z.uuid(),
    links: z.object({ self: z.string() }),
    attributes: z.object({
      name: z.string().describe("The name the owner gave, used to address the signer. Who signed is certificate_name."),
      certificate_name: z
        .string()
        .nullable()
        .describe("The holder's name in the certificate that signed (its CN): the name the signature sheet, the XML record and /verify print. Null until signed.").meta(RUBRICA_EXTENSION),
      name_matches_certificate: z
        .boolean()
        .nullable()
        .describe("Whether certificate_name is the name the owner gave (case, accents and particles aside, every given word in it). False means someone else's certificate signed this signer's link: the signature stands unless the owner gave an RFC or CURP, which is enforced. Null until signed.").meta(RUBRICA_EXTENSION),
      rfc: z.string().nullable(),
      curp: z.string().nullable(),
      email: z.string(),
      phone: z.string().nullable(),
      positions: z.string().nullable(),
      sign_status: z.enum(["PENDING", "SIGNED", "REJECTED"]),
      certificate_serial_number: z.string().nullable(),
      certificate_issuer_name: z.string().nullable(),
      signed_at: z.string().nullable(),
      signature: z.string().nullable(),
      redirect_url: z.string().nullable().describe("This signer's redirect after signing or rejecting, when one was given.").meta(RUBRICA_EXTENSION),
      updatedAt: z.string(),
      createdAt: z.string(),
    }),
    relationships: z.object({ timestamp: z.record(z.string(), z.unknown()).nullable() }),
  })
  .meta({ id: "Signature" });

export const documentResource = z
  .object({
    type: z.literal("documents"),
    id: z.uuid(),
    links: z.object({ self: z.string() }),
    attributes: z.object({
      original_hash: z.string().describe("SHA-256 of the uploaded file, 64 uppercase hex characters."),
      file_name: z.string(),
      sign_status: z.number().int().describe("0 draft, 1 in process, 2 completed, 3 rejected, 4 cancelled, 5 expired."),
      sign_status_name: z.enum(DOCUMENT_STATUS_NAMES),
      signed: z.boolean(),
      signature_mode: z.literal("PDF_SIGNATURE"),
      signature_ordered: z.enum(["INACTIVE", "ACTIVE"]),
      owner: z.string().describe('Display name plus address, e.g. "Sofía Peña <sofia@example.com>".'),
      isOwner: z.boolean(),
      rejected_message: z.string().nullable(),
      tries: z.number().int(),
      remember_at: z.string().describe("HH:MM:SS, folder time zone."),
      remember_every: z.number().int(),
      signed_at: z.string().nullable(),
      created_at: z.string().describe("e.g. 2026-11-22T01:24:47.123456 (fractional seconds, no zone; UTC)."),
      notification_mode: z.enum(["ENABLED", "DISABLED"]),
      config: z.object({ allow_type_signatures: z.array(z.enum(SIGNATURE_TYPE_VALUES)) }),
      sign_position: z.enum(["DEFAULT", "CUSTOM"]),
      createdBy: z.string().nullable(),
      spectators: z.array(z.object({ name: z.string(), email: z.string() })),
      pages: z.number().int(),
      redirect_url: z.string().nullable().describe("Where the signing page sends signers after they sign or reject (embedded signing, README).").meta(RUBRICA_EXTENSION),
    }),
    relationships: z.object({
      signatories: z.object({ data: z.array(signatureResource), links: z.object({ self: z.literal("/signatures") }) }),
      constancy: z.record(z.string(), z.unknown()).nullable(),
    }),
  })
  .meta({ id: "Document" });
export type DocumentResource = z.infer<typeof documentResource>;

export const companyResource = z
  .object({
    type: z.literal("companies"),
    id: z.uuid(),
    links: z.object({ self: z.string() }),
    attributes: z.object({
      logo: z.string(),
      name: z.string(),
      role: z.string(),
      roleKey: z.enum(["owner", "invited"]),
      rfc: z.string().nullable(),
      time_zone: z.string(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  })
  .meta({ id: "Company" });
export type CompanyResource = z.infer<typeof companyResource>;

const envelope = <T extends z.ZodType>(item: T, self: string, id: string) =>
  z.object({ data: z.array(item), meta: pageMeta, links: z.object({ self: z.literal(self) }) }).meta({ id });

export const documentList = envelope(documentResource, "/documents", "DocumentList");
export const companyList = envelope(companyResource, "/companies", "CompanyList");
export const documentEnvelope = z.object({ data: documentResource }).meta({ id: "DocumentResponse" });
