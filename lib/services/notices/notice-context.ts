import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documents, users, workFolders } from "@/lib/db/schema";
import { findEmailBrand } from "@/lib/services/company-profiles/find-company-profile";

/** What a notice or reminder needs to know about its document: name, owner (as its company), zone, schedule. */
export async function loadNoticeContext(db: DbOrTx, documentId: string) {
  const [row] = await db
    .select({ document: documents, ownerName: users.name, ownerLocale: users.locale, timeZone: workFolders.timeZone })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.ownerUserId))
    .innerJoin(workFolders, eq(workFolders.id, documents.folderId))
    .where(eq(documents.id, documentId));
  if (!row) return null;
  // Signers and spectators hear from the owner's company when it has a profile (company-profiles/).
  const brand = await findEmailBrand(db, row.document.ownerUserId);
  return { ...row, ownerName: brand.name, brand };
}

export type NoticeContext = NonNullable<Awaited<ReturnType<typeof loadNoticeContext>>>;

export const noticesEnabled = (c: NoticeContext) => c.document.signStatus === 1 && c.document.notificationMode === "ENABLED";
