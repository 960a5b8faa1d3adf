import { and, asc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documents, signatories, spectators, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { EmailBrand } from "@/lib/schemas/company-profile";
import { findEmailBrand } from "@/lib/services/company-profiles/find-company-profile";
import { sendMessage } from "@/lib/services/messages/send-message";
import { signingLink } from "@/lib/services/notices/signing-link";

/**
 * Tells everyone the document is complete: the owner (link to the dashboard), each signer
 * (their own link, which now serves the sealed PDF) and each spectator (no link: they never had
 * one). Called inside the sealing transaction, so the messages exist iff the seal committed.
 */
export async function notifyCompletion(db: DbOrTx, documentId: string): Promise<void> {
  const [row] = await db
    .select({ document: documents, ownerName: users.name, ownerEmail: users.email, locale: users.locale })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.ownerUserId))
    .where(eq(documents.id, documentId));
  if (!row) return;
  const signers = await db.select().from(signatories).where(and(eq(signatories.documentId, documentId), isNull(signatories.removedAt))).orderBy(asc(signatories.position));
  const watchers = await db.select().from(spectators).where(eq(spectators.documentId, documentId));
  const common = { documentName: row.document.fileName, signers: signers.map((s) => s.name) };
  // Signers and spectators hear from the owner's company (its profile); the owner, from Rúbrica.
  const brand = await findEmailBrand(db, row.document.ownerUserId);
  const send = (to: string, name: string, documentUrl: string | null, from?: EmailBrand) =>
    sendMessage(db, { userId: row.document.ownerUserId, channel: "email", to, template: "document-completed", locale: row.locale, params: { ...common, name, documentUrl, brand: from } });
  await send(row.ownerEmail, row.ownerName, `${env().APP_URL}/dashboard/documents/${documentId}`);
  for (const s of signers) await send(s.email, s.name, signingLink(s.id), brand);
  for (const w of watchers) await send(w.email, w.name, null, brand);
}
