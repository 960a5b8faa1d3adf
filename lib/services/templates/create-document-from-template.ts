import type { DbOrTx } from "@/lib/db/client";
import { AppError, INVALID_DATA_MESSAGE } from "@/lib/errors";
import type { UseTemplateInput } from "@/lib/schemas/templates";
import type { Actor } from "@/lib/services/actor";
import { insertDocuments } from "@/lib/services/documents/insert-documents";
import { resolveTargetFolder } from "@/lib/services/work-folders/resolve-target-folder";
import { findTemplate } from "./find-template";
import { draftFromTemplate } from "./template-draft";

/** One document from a template: its people by role, in one transaction with its notice job. */
export async function createDocumentFromTemplate(db: DbOrTx, actor: Actor, templateId: string, input: UseTemplateInput): Promise<string> {
  const template = await findTemplate(db, actor, templateId);
  const folderId = await resolveTargetFolder(db, actor, input.container_id);
  const outcome = draftFromTemplate(template, input.roles, { fileName: input.file_name, spectators: input.spectators, redirectUrl: input.redirect_url });
  if (!outcome.ok) throw new AppError("INVALID", INVALID_DATA_MESSAGE, outcome.errors);
  return db.transaction(async (tx) => {
    const [id] = await insertDocuments(tx, actor, folderId, { sha256: template.originalHash, pageCount: template.pageCount }, [outcome.draft]);
    return id!;
  });
}
