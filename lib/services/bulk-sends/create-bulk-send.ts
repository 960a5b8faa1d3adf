import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { bulkSendRows, bulkSends } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { enqueue } from "@/lib/jobs/queue";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { accountQuotaLeft, spendAccountQuota } from "@/lib/services/quota/spend-account-quota";
import { findTemplate } from "@/lib/services/templates/find-template";
import { resolveTargetFolder } from "@/lib/services/work-folders/resolve-target-folder";
import { readBulkRows, type BulkFormat } from "./read-bulk-rows";

/** Rows written per INSERT: 1,000 rows of 6 columns stay far below PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 1000;

/**
 * A send still QUEUED or RUNNING this long after it started is taken as stuck (its job gave up):
 * it no longer keeps its account from starting another. A 10,000-row send takes minutes.
 */
export const BULK_SEND_STUCK_AFTER_HOURS = 6;

export const BULK_SEND_RUNNING_MESSAGE = "Ya hay un envío masivo en curso en esta cuenta; espere a que termine (GET /v1/bulk-sends/{id}) antes de iniciar otro.";

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
  const made = checked.flatMap((r) => ("input" in r ? [r.input] : []));
  return db.transaction(async (tx) => {
    // One send per account at a time: the lock makes "none running, so start" one step, so two
    // concurrent requests cannot both see none; the second waits, then sees the first's row.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bulk-send:${actor.userId}`}, 0))`);
    const [running] = await tx
      .select({ id: bulkSends.id })
      .from(bulkSends)
      .where(and(eq(bulkSends.ownerUserId, actor.userId), inArray(bulkSends.status, ["QUEUED", "RUNNING"]), gt(bulkSends.createdAt, sql`now() - ${BULK_SEND_STUCK_AFTER_HOURS} * interval '1 hour'`)))
      .limit(1);
    if (running) throw new AppError("CONFLICT", BULK_SEND_RUNNING_MESSAGE, undefined, undefined, { bulk_send_id: running.id });
    // Every row's document is paid now, all or none, so a send never stops half way for quota;
    // its first notices (e-mail per signer, WhatsApp per phone) must fit in what is left. They are
    // spent as they go out; spending them here would throw the 429 that says what is left.
    await spendAccountQuota(tx, actor.userId, "documents", made.length);
    const notices = template.notificationMode === "ENABLED" ? made.reduce((n, input) => n + Object.values(input.roles).reduce((m, p) => m + (p.phone ? 2 : 1), 0), 0) : 0;
    if (notices > (await accountQuotaLeft(tx, actor.userId, "notices")).remaining) await spendAccountQuota(tx, actor.userId, "notices", notices);
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
