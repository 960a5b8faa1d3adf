import { and, asc, eq, isNull, ne } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documents, signatories, spectators, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { EmailBrand } from "@/lib/schemas/company-profile";
import { findEmailBrand } from "@/lib/services/company-profiles/find-company-profile";
import { sendMessage } from "@/lib/services/messages/send-message";

/**
 * Tells the owner, the other signers and the observers that a signer rejected: who, and why.
 * Nobody gets a link to sign (there is nothing left to sign); the owner gets the dashboard's.
 * The owner reads it in their own language; signers and observers in the one their signing
 * notices came in (the owner's: the reference has no per-person language). Called inside the
 * rejection's transaction, so the messages exist iff the rejection committed.
 */
export async function notifyRejection(db: DbOrTx, documentId: string, rejecterId: string, reason: string): Promise<void> {
  const [row] = await db
    .select({ document: documents, ownerName: users.name, ownerEmail: users.email, locale: users.locale })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.ownerUserId))
    .where(eq(documents.id, documentId));
  if (!row || row.document.notificationMode !== "ENABLED") return;
  const [rejecter] = await db.select({ name: signatories.name }).from(signatories).where(eq(signatories.id, rejecterId));
  const others = await db
    .select({ name: signatories.name, email: signatories.email })
    .from(signatories)
    .where(and(eq(signatories.documentId, documentId), ne(signatories.id, rejecterId), isNull(signatories.removedAt)))
    .orderBy(asc(signatories.position));
  const watchers = await db.select({ name: spectators.name, email: spectators.email }).from(spectators).where(eq(spectators.documentId, documentId));
  const common = { documentName: row.document.fileName, rejectedBy: rejecter?.name ?? "", reason };
  // Signers and spectators hear from the owner's company (its profile); the owner, from Rúbrica.
  const brand = await findEmailBrand(db, row.document.ownerUserId);
  const send = (to: string, name: string, documentUrl: string | null, from?: EmailBrand) =>
    sendMessage(db, { userId: row.document.ownerUserId, channel: "email", to, template: "document-rejected", locale: row.locale, params: { ...common, name, documentUrl, brand: from } });
  await send(row.ownerEmail, row.ownerName, `${env().APP_URL}/dashboard/documents/${documentId}`);
  for (const s of others) await send(s.email, s.name, null, brand);
  for (const w of watchers) await send(w.email, w.name, null, brand);
}
