import type postgres from "postgres";

const seconds = (t: number) => (performance.now() - t) / 1000;

/**
 * Fills a folder with `n` documents in bulk, one INSERT ... SELECT per table in one transaction,
 * each document a copy of `templateId` (a document made by the service: same stored file, 2
 * signatories and 1 spectator) with its own file name and a distinct created_at (one second
 * apart, newest first). Foreign keys hold by construction, so their per-row triggers are skipped
 * (session_replication_role = replica), and so is the trigger that keeps the folder's document
 * count: it is added here once instead; people are inserted in document id order, so index
 * insertions stay local.
 */
export async function bulkFillFolder(db: postgres.Sql, folderId: string, templateId: string, n: number) {
  const t0 = performance.now();
  const times = { documents: 0, signatories: 0, spectators: 0, total: 0 };
  await db.begin(async (sql) => {
    await sql`set local session_replication_role = replica`;
    let t = performance.now();
    await sql`
      insert into documents (folder_id, owner_user_id, file_name, original_hash, page_count, sign_status, signature_ordered, notification_mode,
                             sign_position, allow_type_signatures, tries, remember_every, remember_at, created_by, created_at, updated_at)
      select ${folderId}, t.owner_user_id, 'Contrato ' || i || '.pdf', t.original_hash, t.page_count, t.sign_status, t.signature_ordered, t.notification_mode,
             t.sign_position, t.allow_type_signatures, t.tries, t.remember_every, t.remember_at, t.created_by,
             now() - i * interval '1 second', now() - i * interval '1 second'
      from documents t, generate_series(1, ${n}::int) i
      where t.id = ${templateId}`;
    await sql`update work_folders set document_count = document_count + ${n} where id = ${folderId}`;
    times.documents = seconds(t);
    t = performance.now();
    await sql`
      insert into signatories (document_id, position, name, email, phone, rfc, positions)
      select d.id, s.position, s.name, s.email, s.phone, s.rfc, s.positions
      from documents d cross join signatories s
      where d.folder_id = ${folderId} and s.document_id = ${templateId}
      order by d.id, s.position`;
    times.signatories = seconds(t);
    t = performance.now();
    await sql`
      insert into spectators (document_id, position, name, email)
      select d.id, s.position, s.name, s.email
      from documents d cross join spectators s
      where d.folder_id = ${folderId} and s.document_id = ${templateId}
      order by d.id, s.position`;
    times.spectators = seconds(t);
  });
  return { ...times, total: seconds(t0) };
}

/** Rows per table of one folder. */
export async function folderCounts(sql: postgres.Sql, folderId: string) {
  const [row] = await sql<{ documents: number; signatories: number; spectators: number }[]>`
    select (select count(*)::int from documents where folder_id = ${folderId}) as documents,
           (select count(*)::int from signatories s join documents d on d.id = s.document_id where d.folder_id = ${folderId}) as signatories,
           (select count(*)::int from spectators s join documents d on d.id = s.document_id where d.folder_id = ${folderId}) as spectators`;
  return row!;
}
