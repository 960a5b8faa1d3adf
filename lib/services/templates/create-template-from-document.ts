import { and, asc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { signatories } from "@/lib/db/schema";
import { invalid } from "@/lib/errors";
import type { TemplateFromDocumentInput } from "@/lib/schemas/templates";
import type { Actor } from "@/lib/services/actor";
import { findAccessibleDocument } from "@/lib/services/documents/document-view";
import { insertTemplate } from "./insert-template";

/**
 * A template from a document the actor can see: its PDF (the same stored file), its settings and
 * each current signer's boxes as a role, in the document's signing order. The signers themselves
 * are not kept: a role's RFC is fixed only when `roles` gives one.
 */
export async function createTemplateFromDocument(db: DbOrTx, actor: Actor, input: TemplateFromDocumentInput): Promise<string> {
  const { document } = await findAccessibleDocument(db, actor, input.document_id);
  const signers = await db
    .select({ positions: signatories.positions })
    .from(signatories)
    .where(and(eq(signatories.documentId, document.id), isNull(signatories.removedAt)))
    .orderBy(asc(signatories.position));
  if (input.roles && input.roles.length !== signers.length) throw invalid("roles", `The document has ${signers.length} signer(s): give one role for each, in order.`);
  const roles = signers.map((s, i) => {
    const given = input.roles?.[i];
    return { key: given?.key ?? `firmante_${i + 1}`, label: given?.label ?? `Firmante ${i + 1}`, rfc: given?.rfc ?? null, positions: s.positions };
  });
  return db.transaction(async (tx) => {
    return insertTemplate(
      tx,
      actor,
      {
        name: input.name,
        fileName: document.fileName,
        originalHash: document.originalHash,
        pageCount: document.pageCount,
        roles,
        signatureOrdered: document.signatureOrdered,
        notificationMode: document.notificationMode,
        signPosition: document.signPosition,
        allowTypeSignatures: document.allowTypeSignatures,
        tries: document.tries,
        rememberEvery: document.rememberEvery,
        rememberAt: document.rememberAt,
        redirectUrl: input.redirect_url === undefined ? document.redirectUrl : input.redirect_url,
      },
      { fromDocument: document.id },
    );
  });
}
