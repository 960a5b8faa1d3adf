import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { DOCUMENT_STATUS, documents, signatories } from "@/lib/db/schema";
import { enqueue } from "@/lib/jobs/queue";

/**
 * Finds documents every signer signed that are still not sealed a while later (a seal job lost
 * or out of retries) and queues their seal again, so none stays "in process" for ever.
 */
export async function sweepUnsealed(db: DbOrTx, now = new Date(), graceMs = 2 * 60_000): Promise<string[]> {
  const stuck = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.signStatus, DOCUMENT_STATUS.IN_PROCESS),
        isNull(documents.sealedHash),
        lt(documents.updatedAt, new Date(now.getTime() - graceMs)),
        sql`not exists (select 1 from ${signatories} where ${signatories.documentId} = ${documents.id} and ${signatories.removedAt} is null and ${signatories.signStatus} <> 'SIGNED')`,
        sql`exists (select 1 from ${signatories} where ${signatories.documentId} = ${documents.id} and ${signatories.removedAt} is null)`,
      ),
    )
    .limit(100);
  for (const { id } of stuck) await enqueue("seal-document", { documentId: id }, { singletonKey: id });
  return stuck.map((d) => d.id);
}
