import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { bulkSendRows, bulkSends } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";

export const BULK_SEND_NOT_FOUND = "Bulk send not found.";

/** The account's bulk send with one page of its rows' outcomes; another account's is "not found". */
export async function findBulkSend(db: DbOrTx, actor: Actor, bulkSendId: string, options: { page?: number; size?: number; status?: "PENDING" | "CREATED" | "FAILED" } = {}) {
  const [send] = await db.select().from(bulkSends).where(and(eq(bulkSends.id, bulkSendId), eq(bulkSends.ownerUserId, actor.userId)));
  if (!send) throw new AppError("NOT_FOUND", BULK_SEND_NOT_FOUND);
  const size = options.size ?? 100;
  const rows = await db
    .select({ row: bulkSendRows.row, status: bulkSendRows.status, documentId: bulkSendRows.documentId, errors: bulkSendRows.errors })
    .from(bulkSendRows)
    .where(and(eq(bulkSendRows.bulkSendId, bulkSendId), options.status ? eq(bulkSendRows.status, options.status) : undefined))
    .orderBy(asc(bulkSendRows.row))
    .limit(size)
    .offset((options.page ?? 0) * size);
  return { send, rows };
}
