import type { BulkSendRow, TemplateRow } from "@/lib/db/schema";
import type { BulkSendResource, TemplateResource } from "@/lib/schemas/templates";
import { listEnvelope, localTimestamp } from "./signing-resources";

/** A template as the API shows it, in the reference's resource style (type, id, links, attributes). */
export function templateResource(t: TemplateRow): TemplateResource {
  return {
    type: "templates",
    id: t.id,
    links: { self: `/templates/${t.id}` },
    attributes: {
      name: t.name,
      file_name: t.fileName,
      original_hash: t.originalHash,
      pages: t.pageCount,
      roles: t.roles,
      signature_ordered: t.signatureOrdered,
      sign_position: t.signPosition,
      notification_mode: t.notificationMode,
      tries: t.tries,
      remember_every: t.rememberEvery,
      remember_at: t.rememberAt,
      config: { allow_type_signatures: t.allowTypeSignatures },
      redirect_url: t.redirectUrl,
      created_at: localTimestamp(t.createdAt),
    },
  };
}

/** The reference's list envelope around templates. */
export const templateListEnvelope = (items: TemplateRow[], page: { initialItem: number; totalItems: number }) => listEnvelope(items.map(templateResource), page, "/templates");

/** A bulk send's progress and one page of its rows' outcomes. */
export function bulkSendResource(send: BulkSendRow, rows: { row: number; status: "PENDING" | "CREATED" | "FAILED"; documentId: string | null; errors: Record<string, string[]> | null }[]): BulkSendResource {
  return {
    type: "bulk-sends",
    id: send.id,
    links: { self: `/bulk-sends/${send.id}` },
    attributes: {
      template_id: send.templateId,
      container_id: send.folderId,
      status: send.status,
      total_rows: send.totalRows,
      created: send.createdCount,
      failed: send.failedCount,
      pending: send.totalRows - send.createdCount - send.failedCount,
      created_at: localTimestamp(send.createdAt),
      finished_at: send.finishedAt ? localTimestamp(send.finishedAt) : null,
    },
    rows: rows.map((r) => ({ row: r.row, status: r.status, document_id: r.documentId, errors: r.errors })),
  };
}
