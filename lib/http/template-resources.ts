import type { TemplateRow } from "@/lib/db/schema";
import type { TemplateResource } from "@/lib/schemas/templates";
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
      created_at: localTimestamp(t.createdAt),
    },
  };
}

/** The reference's list envelope around templates. */
export const templateListEnvelope = (items: TemplateRow[], page: { initialItem: number; totalItems: number }) => listEnvelope(items.map(templateResource), page, "/templates");
