import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documents, users, workFolders } from "@/lib/db/schema";

/** What a notice or reminder needs to know about its document: name, owner, zone, schedule. */
export async function loadNoticeContext(db: DbOrTx, documentId: string) {
  const [row] = await db
    .select({ document: documents, ownerName: users.name, ownerLocale: users.locale, timeZone: workFolders.timeZone })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.ownerUserId))
    .innerJoin(workFolders, eq(workFolders.id, documents.folderId))
    .where(eq(documents.id, documentId));
  return row ?? null;
}

export type NoticeContext = NonNullable<Awaited<ReturnType<typeof loadNoticeContext>>>;

export const noticesEnabled = (c: NoticeContext) => c.document.signStatus === 1 && c.document.notificationMode === "ENABLED";
