import { desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { bulkSends, templates } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";

/** How many past sends the dashboard lists: the latest; older ones stay reachable by API. */
export const BULK_SEND_LIST_SIZE = 50;

/**
 * The account's bulk sends, newest first, with their template's name (null once the template is
 * deleted: a send keeps its results). Only the actor's own: bulk sends belong to the account
 * that started them, as templates do.
 */
export async function listBulkSends(db: DbOrTx, actor: Actor, limit = BULK_SEND_LIST_SIZE) {
  return db
    .select({
      id: bulkSends.id,
      createdAt: bulkSends.createdAt,
      templateId: bulkSends.templateId,
      templateName: templates.name,
      status: bulkSends.status,
      totalRows: bulkSends.totalRows,
      createdCount: bulkSends.createdCount,
      failedCount: bulkSends.failedCount,
    })
    .from(bulkSends)
    .leftJoin(templates, eq(templates.id, bulkSends.templateId))
    .where(eq(bulkSends.ownerUserId, actor.userId))
    .orderBy(desc(bulkSends.createdAt), desc(bulkSends.id))
    .limit(limit);
}
