import { z } from "zod";
import { uuidParam } from "./common";
import { redirectUrl } from "./embedding";
import { containerDocumentsQuery, curp, documentSettings, email, fileName, intFromQuery, MAX_SIGNATORIES, pageMeta, MAX_SPECTATORS, name, phone, positions, positionsNeedCustom, rfc, spectatorInput, uniqueEmails } from "./signing";

// Templates and bulk sends (/v1/templates, /v1/bulk-sends). Browser-safe.

/** Bulk sends take at most this many rows; more is a 413, before any row is read. */
export const MAX_BULK_ROWS = 10_000;

/** Lowercase, no dots: a role's key is the prefix of its CSV columns (`firmante.email`). */
export const roleKey = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_-]{0,39}$/, "Must be 1–40 lowercase letters, digits, _ or -, starting with a letter (it names CSV columns: firmante.email).");

export const templateRoleInput = z.object({
  key: roleKey,
  label: name.describe("What the role is called on screen, e.g. «Arrendatario»."),
  rfc: rfc.optional().nullable().describe("A fixed RFC: every document made from the template requires a certificate of this RFC for the role; a person given another RFC is refused (422)."),
  positions: positions.optional().nullable(),
});
export type TemplateRoleInput = z.output<typeof templateRoleInput>;

const uniqueKeys = (roles: { key: string }[] | undefined, ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  roles?.forEach((r, i) => {
    if (seen.has(r.key)) ctx.addIssue({ code: "custom", path: ["roles", i, "key"], message: "This key is already in the list." });
    seen.add(r.key);
  });
};

/** POST /v1/templates with a PDF: the roles in signing order, and the document settings. */
export const createTemplateInput = z
  .object({
    name: name.describe("The template's name in lists."),
    file_name: fileName.optional().describe("The file name documents get; the upload's name when left out."),
    roles: z.array(templateRoleInput).min(1, "At least one role.").max(MAX_SIGNATORIES, `At most ${MAX_SIGNATORIES} roles.`),
    redirect_url: redirectUrl.optional().nullable().describe("Where the signing page sends each signer of a document made from this template after they sign or reject (https only), unless that document's request gives its own."),
    ...documentSettings,
  })
  .superRefine((d, ctx) => {
    uniqueKeys(d.roles, ctx);
    positionsNeedCustom({ sign_position: d.sign_position, signatures: d.roles }, ctx);
  })
  .meta({ id: "CreateTemplateRequest" });
export type CreateTemplateInput = z.output<typeof createTemplateInput>;

/**
 * POST /v1/templates from a document of yours: its PDF, boxes, order and settings. `roles` names
 * the document's signers in order (key, label, optional fixed RFC); left out, they become
 * firmante_1, firmante_2…, and no RFC is kept (the document's people are not the template's).
 */
export const templateFromDocumentInput = z
  .object({
    document_id: uuidParam,
    name: name,
    roles: z.array(templateRoleInput.omit({ positions: true })).max(MAX_SIGNATORIES).optional(),
    redirect_url: redirectUrl.optional().nullable().describe("As for an uploaded template (https only); the document's redirect_url when left out, none with null."),
  })
  .superRefine((d, ctx) => uniqueKeys(d.roles, ctx))
  .meta({ id: "CreateTemplateFromDocumentRequest" });
export type TemplateFromDocumentInput = z.output<typeof templateFromDocumentInput>;

/** The JSON form of POST /v1/templates: from a document, or with the PDF as Base64. */
export const createTemplateJsonBody = z
  .union([templateFromDocumentInput, createTemplateInput.and(z.object({ file_base64: z.string().min(1) }))])
  .meta({ id: "CreateTemplateJsonRequest" });

export const personInput = z.object({
  name,
  email,
  phone: phone.optional().nullable(),
  rfc: rfc.optional().nullable(),
  curp: curp.optional().nullable(),
});
export type PersonInput = z.output<typeof personInput>;

/** POST /v1/templates/{id}/documents: a person per role, and where the document goes. */
export const useTemplateInput = z
  .object({
    container_id: uuidParam.optional().describe("The work folder (company) the document goes to; «mis documentos» when left out."),
    file_name: fileName.optional().describe("The template's file name when left out."),
    roles: z.record(roleKey, personInput).describe("One person per role key of the template, e.g. {\"firmante\": {\"name\": …, \"email\": …}}."),
    spectators: z.array(spectatorInput).max(MAX_SPECTATORS).default([]),
    redirect_url: redirectUrl.optional().nullable().describe("This document's redirect after signing or rejecting (https only), over the template's; the template's when left out, none with null."),
  })
  // One e-mail for two roles is refused by draftFromTemplate, with the roles' keys in the path.
  .superRefine((d, ctx) => uniqueEmails(d.spectators, ctx, "spectators"))
  .meta({ id: "UseTemplateRequest" });
export type UseTemplateInput = z.output<typeof useTemplateInput>;

export const templateParams = z.object({ id: uuidParam });

// ---- responses -------------------------------------------------------------------------------

export const templateResource = z
  .object({
    type: z.literal("templates"),
    id: z.uuid(),
    links: z.object({ self: z.string() }),
    attributes: z.object({
      name: z.string(),
      file_name: z.string(),
      original_hash: z.string().describe("SHA-256 of the template's PDF; every document made from it has this original_hash."),
      pages: z.number().int(),
      roles: z.array(z.object({ key: z.string(), label: z.string(), rfc: z.string().nullable(), positions: z.string().nullable() })).describe("In signing order."),
      signature_ordered: z.enum(["INACTIVE", "ACTIVE"]),
      sign_position: z.enum(["DEFAULT", "CUSTOM"]),
      notification_mode: z.enum(["ENABLED", "DISABLED"]),
      tries: z.number().int(),
      remember_every: z.number().int(),
      remember_at: z.string(),
      config: z.object({ allow_type_signatures: z.array(z.string()) }),
      redirect_url: z.string().nullable().describe("Where documents made from the template send their signers after signing or rejecting, unless their request gave another."),
      created_at: z.string(),
    }),
  })
  .meta({ id: "Template" });
export type TemplateResource = z.infer<typeof templateResource>;

export const templateList = z.object({ data: z.array(templateResource), meta: pageMeta, links: z.object({ self: z.literal("/templates") }) }).meta({ id: "TemplateList" });
export const templateEnvelope = z.object({ data: templateResource }).meta({ id: "TemplateResponse" });

export const BULK_SEND_STATUSES = ["QUEUED", "RUNNING", "DONE", "FAILED"] as const;
export const bulkSendResource = z
  .object({
    type: z.literal("bulk-sends"),
    id: z.uuid(),
    links: z.object({ self: z.string() }),
    attributes: z.object({
      template_id: z.uuid().nullable(),
      container_id: z.uuid(),
      status: z.enum(BULK_SEND_STATUSES).describe("QUEUED, RUNNING, DONE (every row made or refused), FAILED (the job gave up; rows not made stay PENDING)."),
      total_rows: z.number().int(),
      created: z.number().int().describe("Rows whose document was made."),
      failed: z.number().int().describe("Rows refused, each with its errors; nothing of theirs was made."),
      pending: z.number().int(),
      created_at: z.string(),
      finished_at: z.string().nullable(),
    }),
    rows: z
      .array(z.object({ row: z.number().int().describe("1-based, the header not counted."), status: z.enum(["PENDING", "CREATED", "FAILED"]), document_id: z.uuid().nullable(), errors: z.record(z.string(), z.array(z.string())).nullable() }))
      .describe("One page of the rows' results (`page`, `size`, `status`)."),
  })
  .meta({ id: "BulkSend" });
export type BulkSendResource = z.infer<typeof bulkSendResource>;
export const bulkSendEnvelope = z.object({ data: bulkSendResource }).meta({ id: "BulkSendResponse" });

export const pageQuery = containerDocumentsQuery.pick({ page: true, size: true });

export const bulkSendQuery = z.object({
  page: intFromQuery(0, 1_000_000).optional().describe("Page of rows, from 0."),
  size: intFromQuery(1, 1000).optional().describe("Rows per page, 1–1000 (default 100)."),
  status: z.enum(["PENDING", "CREATED", "FAILED"]).optional().describe("Only rows with this outcome (FAILED: the refused rows)."),
});

export const bulkSendCreateQuery = z.object({
  container_id: uuidParam.optional().describe("The work folder the documents go to; «mis documentos» when left out."),
  redirect_url: redirectUrl.optional().describe("Every document of this send redirects its signers here (https only, URL-encoded) instead of the template's redirect_url."),
});
