import type { DbOrTx } from "@/lib/db/client";
import { bulkSendRows, bulkSends } from "@/lib/db/schema";
import { enqueue } from "@/lib/jobs/queue";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { findTemplate } from "@/lib/services/templates/find-template";
import { resolveTargetFolder } from "@/lib/services/work-folders/resolve-target-folder";
import { readBulkRows, type BulkFormat } from "./read-bulk-rows";

/** Rows written per INSERT: 1,000 rows of 6 columns stay far below PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 1000;

/**
 * Starts a bulk send: every row is checked now, before any document exists; rows that cannot be
 * made are stored as FAILED with their errors (reported, skipped), the rest as PENDING for the
 * bulk-send job, which is queued in the same transaction.
 */
export async function createBulkSend(db: DbOrTx, actor: Actor, templateId: string, options: { folderId?: string; redirectUrl?: string; text: string; format: BulkFormat }): Promise<string> {
  const template = await findTemplate(db, actor, templateId);
  const folderId = await resolveTargetFolder(db, actor, options.folderId);
  const checked = await readBulkRows(options.text, options.format, template);
  const failed = checked.filter((r) => "errors" in r).length;
  return db.transaction(async (tx) => {
    const [send] = await tx
      .insert(bulkSends)
      .values({ ownerUserId: actor.userId, apiKeyId: actor.apiKeyId ?? null, templateId, folderId, redirectUrl: options.redirectUrl ?? null, totalRows: checked.length, failedCount: failed })
      .returning({ id: bulkSends.id });
    for (let i = 0; i < checked.length; i += ROWS_PER_INSERT) {
      await tx.insert(bulkSendRows).values(
        checked.slice(i, i + ROWS_PER_INSERT).map((r) =>
          "errors" in r ? { bulkSendId: send!.id, row: r.row, status: "FAILED" as const, errors: r.errors } : { bulkSendId: send!.id, row: r.row, status: "PENDING" as const, input: r.input },
        ),
      );
    }
    await recordAuditEvent(tx, { actorUserId: actor.userId, action: "bulk_send.created", subjectType: "bulk_send", subjectId: send!.id, data: { templateId, folderId, rows: checked.length, refused: failed } });
    await enqueue("bulk-send", { bulkSendId: send!.id }, {}, tx);
    return send!.id;
  });
}
