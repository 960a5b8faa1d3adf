import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { bulkSendRows, bulkSends, folderMemberships, templates, type TemplateRow } from "@/lib/db/schema";
import { insertDocuments } from "@/lib/services/documents/insert-documents";
import { draftFromTemplate } from "@/lib/services/templates/template-draft";
import type { PersonInput } from "@/lib/schemas/templates";

/**
 * Documents per transaction, and the pause after each: a batch is a few statements whatever its
 * size (insertDocuments), and the pause hands the event loop and the pool back to the server's
 * other requests. bench/bulk-send.ts measures reads during a 10,000-row send with these.
 */
export const BULK_BATCH = { size: 100, pauseMs: 20 };

type BulkSendJob = { id: string; ownerUserId: string; folderId: string; apiKeyId: string | null; redirectUrl: string | null };
type PendingRow = { row: number; input: { roles: Record<string, PersonInput>; file_name?: string } | null };

/**
 * Makes the documents of a bulk send's PENDING rows, a batch per transaction: each batch's
 * documents, their rows' outcomes and the send's counts commit together, so the progress read at
 * any moment is exact and a crash leaves no half-made document. Run again (a retry), it goes on
 * from the rows still PENDING.
 */
export async function runBulkSend(db: DbOrTx, bulkSendId: string, batch = BULK_BATCH): Promise<void> {
  const [send] = await db.select().from(bulkSends).where(eq(bulkSends.id, bulkSendId));
  if (!send || send.status === "DONE") return;
  await db.update(bulkSends).set({ status: "RUNNING" }).where(eq(bulkSends.id, bulkSendId));
  const [template] = send.templateId ? await db.select().from(templates).where(eq(templates.id, send.templateId)) : [];
  const [member] = await db.select({ role: folderMemberships.role }).from(folderMemberships).where(and(eq(folderMemberships.folderId, send.folderId), eq(folderMemberships.userId, send.ownerUserId)));
  const stop = !template ? "The template was deleted before this row was made." : !member ? "You no longer belong to the work folder." : null;
  let cursor = 0;
  for (;;) {
    const rows: PendingRow[] = await db
      .select({ row: bulkSendRows.row, input: bulkSendRows.input })
      .from(bulkSendRows)
      .where(and(eq(bulkSendRows.bulkSendId, bulkSendId), eq(bulkSendRows.status, "PENDING"), gt(bulkSendRows.row, cursor)))
      .orderBy(asc(bulkSendRows.row))
      .limit(batch.size) as PendingRow[];
    if (!rows.length) break;
    cursor = rows.at(-1)!.row;
    if (stop) await db.transaction((tx) => markFailed(tx, bulkSendId, rows.map((r) => ({ row: r.row, errors: { row: [stop] } }))));
    else await makeBatch(db, send, template!, rows);
    await new Promise((resolve) => setTimeout(resolve, batch.pauseMs));
  }
  await db.update(bulkSends).set({ status: "DONE", finishedAt: new Date() }).where(eq(bulkSends.id, bulkSendId));
}

async function makeBatch(db: DbOrTx, send: BulkSendJob, template: TemplateRow, rows: PendingRow[]) {
  try {
    await db.transaction((tx) => makeRows(tx, send, template, rows));
  } catch (err) {
    if (!isDataError(err)) throw err; // the database is away: the job's retry goes on from here
    // One row the database refused (checked rows should not be): each alone, so the others are made.
    for (const row of rows) {
      try {
        await db.transaction((tx) => makeRows(tx, send, template, [row]));
      } catch (rowErr) {
        if (!isDataError(rowErr)) throw rowErr;
        await db.transaction((tx) => markFailed(tx, send.id, [{ row: row.row, errors: { row: [`The document could not be made (database code ${dbCode(rowErr)}).`] } }]));
      }
    }
  }
}

async function makeRows(tx: DbOrTx, send: BulkSendJob, template: TemplateRow, rows: PendingRow[]) {
  const made: { row: number; draft: Extract<ReturnType<typeof draftFromTemplate>, { ok: true }>["draft"] }[] = [];
  const refused: { row: number; errors: Record<string, string[]> }[] = [];
  for (const r of rows) {
    const outcome = r.input ? draftFromTemplate(template, r.input.roles, { fileName: r.input.file_name, redirectUrl: send.redirectUrl ?? undefined }) : { ok: false as const, errors: { row: ["No input kept for this row."] } };
    if (outcome.ok) made.push({ row: r.row, draft: { ...outcome.draft, audit: { templateId: template.id, bulkSendId: send.id, row: r.row } } });
    else refused.push({ row: r.row, errors: outcome.errors });
  }
  const ids = await insertDocuments(tx, { userId: send.ownerUserId, apiKeyId: send.apiKeyId ?? undefined }, send.folderId, { sha256: template.originalHash, pageCount: template.pageCount }, made.map((m) => m.draft), { prepaid: true });
  if (made.length) {
    const pairs = JSON.stringify(made.map((m, i) => ({ row: m.row, doc: ids[i] })));
    await tx.execute(sql`
      update ${bulkSendRows} set status = 'CREATED', document_id = v.doc, input = null
      from jsonb_to_recordset(${pairs}::jsonb) as v("row" int, doc uuid)
      where ${bulkSendRows.bulkSendId} = ${send.id} and ${bulkSendRows.row} = v."row"`);
    await tx.update(bulkSends).set({ createdCount: sql`${bulkSends.createdCount} + ${made.length}` }).where(eq(bulkSends.id, send.id));
  }
  await markFailed(tx, send.id, refused);
}

async function markFailed(tx: DbOrTx, bulkSendId: string, rows: { row: number; errors: Record<string, string[]> }[]) {
  if (!rows.length) return;
  const outcomes = JSON.stringify(rows);
  await tx.execute(sql`
    update ${bulkSendRows} set status = 'FAILED', errors = v.errors, input = null
    from jsonb_to_recordset(${outcomes}::jsonb) as v("row" int, errors jsonb)
    where ${bulkSendRows.bulkSendId} = ${bulkSendId} and ${bulkSendRows.row} = v."row"`);
  await tx.update(bulkSends).set({ failedCount: sql`${bulkSends.failedCount} + ${rows.length}` }).where(eq(bulkSends.id, bulkSendId));
}

/** PostgreSQL's data exceptions (22) and integrity violations (23): this row's fault, not the database's. */
function isDataError(err: unknown): boolean {
  return /^2[23]/.test(dbCode(err) ?? "");
}

/** The SQLSTATE, from postgres.js's error or from the cause drizzle wraps it in. */
function dbCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof e?.code === "string" ? e.code : e?.cause?.code;
  return typeof code === "string" ? code : undefined;
}
