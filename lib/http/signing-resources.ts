import type { WorkFolder } from "@/lib/db/schema";
import { DOCUMENT_STATUS_NAMES, type CompanyResource, type DocumentResource } from "@/lib/schemas/signing";
import type { Actor } from "@/lib/services/actor";
import type { DocumentView } from "@/lib/services/documents/document-view";
import { certificateNameCheck } from "@/lib/services/signing/signer-of-record";
import type { FolderRole } from "@/lib/services/work-folders/folder-access";

// The resource objects and list envelope of the reference, built from domain views.

/** "2026-11-22T01:24:47.123": fractional seconds, no zone (UTC), as the reference shows created_at. */
export const localTimestamp = (d: Date) => d.toISOString().slice(0, 23);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function documentResource(view: DocumentView, actor: Actor): DocumentResource {
  const d = view.document;
  return {
    type: "documents",
    id: d.id,
    links: { self: `/documents/${d.id}` },
    attributes: {
      original_hash: d.originalHash,
      file_name: d.fileName,
      sign_status: d.signStatus,
      sign_status_name: DOCUMENT_STATUS_NAMES[d.signStatus]!,
      signed: d.signStatus === 2,
      signature_mode: "PDF_SIGNATURE",
      signature_ordered: d.signatureOrdered,
      owner: `${view.owner.name} <${view.owner.email}>`,
      isOwner: d.ownerUserId === actor.userId,
      rejected_message: d.rejectedMessage,
      tries: d.tries,
      remember_at: d.rememberAt,
      remember_every: d.rememberEvery,
      signed_at: iso(d.signedAt),
      created_at: localTimestamp(d.createdAt),
      notification_mode: d.notificationMode,
      config: { allow_type_signatures: d.allowTypeSignatures },
      sign_position: d.signPosition,
      createdBy: d.createdBy,
      spectators: view.spectators.map((s) => ({ name: s.name, email: s.email })),
      pages: d.pageCount,
      redirect_url: d.redirectUrl,
    },
    relationships: {
      signatories: {
        data: view.signatories.map((s) => ({
          type: "signatures" as const,
          id: s.id,
          links: { self: `/signatures/${s.id}` },
          attributes: {
            name: s.name,
            ...certificateNameCheck(s),
            rfc: s.rfc,
            curp: s.curp,
            email: s.email,
            phone: s.phone,
            positions: s.positions,
            sign_status: s.signStatus,
            certificate_serial_number: s.certificateSerialNumber,
            certificate_issuer_name: s.certificateIssuerName,
            signed_at: iso(s.signedAt),
            signature: s.signature,
            redirect_url: s.redirectUrl,
            updatedAt: s.updatedAt.toISOString(),
            createdAt: s.createdAt.toISOString(),
          },
          relationships: { timestamp: s.timestamp ?? null },
        })),
        links: { self: "/signatures" as const },
      },
      constancy: constancyResource(d.constancy),
    },
  };
}

const ROLE_LABEL = { es: { owner: "Propietario", invited: "Invitado" }, en: { owner: "Owner", invited: "Invited" } } as const;

export function companyResource(folder: WorkFolder, role: FolderRole, actor: Actor): CompanyResource {
  return {
    type: "companies",
    id: folder.id,
    links: { self: `/companies/${folder.id}` },
    attributes: {
      logo: folder.logo,
      name: folder.name,
      role: ROLE_LABEL[actor.locale][role],
      roleKey: role,
      rfc: folder.rfc,
      time_zone: folder.timeZone,
      created_at: localTimestamp(folder.createdAt),
      updated_at: localTimestamp(folder.updatedAt),
    },
  };
}

/** The list envelope: meta is an array holding one page object. */
export function listEnvelope<T, S extends "/documents" | "/companies" | "/templates">(data: T[], page: { initialItem: number; totalItems: number }, self: S) {
  return { data, meta: [{ page: { total: data.length, initialItem: page.initialItem, totalItems: page.totalItems } }], links: { self } };
}

/** The list envelope as JSON text, around items that are JSON texts already (document-resource-cache.ts). */
export function listEnvelopeJson(items: string[], page: { initialItem: number; totalItems: number }, self: "/documents" | "/companies"): string {
  const { meta, links } = listEnvelope(items, page, self);
  return `{"data":[${items.join(",")}],${JSON.stringify({ meta, links }).slice(1)}`;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266), so "Contrato Ñandú.pdf" survives. */
export function attachment(fileName: string): string {
  const ascii = fileName.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^\x20-\x7E]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The constancy as the API shows it; the token itself is downloaded from /constancy. */
function constancyResource(constancy: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!constancy) return null;
  const { type, id, links, attributes } = constancy;
  return { type, id, links, attributes };
}
