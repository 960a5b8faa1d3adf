import { and, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/lib/db/client";
import { rowsFromJson, type JsonRow } from "@/lib/db/json-rows";
import { perHandle } from "@/lib/db/per-handle";
import { documents, folderMemberships, signatories, spectators, users, type DocumentRow, type Signatory, type Spectator } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import type { FolderRole } from "@/lib/services/work-folders/folder-access";

/** A document as its readers see it: owner, the caller's folder role, current signers and spectators. */
export type DocumentView = {
  document: DocumentRow;
  owner: { name: string; email: string };
  role: FolderRole;
  signatories: Signatory[];
  spectators: Spectator[];
};

export const DOCUMENT_NOT_FOUND = "Document not found.";

/** The document if the actor belongs to its folder; otherwise "not found" (existence never leaks). */
export async function findAccessibleDocument(db: DbOrTx, actor: Actor, documentId: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select({ document: documents, role: folderMemberships.role })
    .from(documents)
    .innerJoin(folderMemberships, and(eq(folderMemberships.folderId, documents.folderId), eq(folderMemberships.userId, actor.userId)))
    .where(eq(documents.id, documentId));
  const [row] = options.forUpdate ? await query.for("update", { of: documents }) : await query;
  if (!row) throw new AppError("NOT_FOUND", DOCUMENT_NOT_FOUND);
  return row;
}

export async function findDocumentView(db: DbOrTx, actor: Actor, documentId: string): Promise<DocumentView> {
  const [row] = await documentViewQuery(db).execute({ documentId, userId: actor.userId });
  if (!row) throw new AppError("NOT_FOUND", DOCUMENT_NOT_FOUND);
  return viewOf(row);
}

/** What a view reads: the document, the reader's folder role, its owner and its people (`viewOf` reads it back). */
const viewColumns = () => ({ document: documents, role: folderMemberships.role, ownerName: users.name, ownerEmail: users.email, ...peopleColumns(documents.id) });

function viewOf(row: { document: DocumentRow; role: FolderRole; ownerName: string; ownerEmail: string; signatoriesJson: JsonRow[] | null; spectatorsJson: JsonRow[] | null }): DocumentView {
  return { document: row.document, role: row.role, owner: { name: row.ownerName, email: row.ownerEmail }, ...peopleOf(row) };
}

// Every API answer with a whole document runs this query.
const documentViewQuery = perHandle((db) =>
  db
    .select(viewColumns())
    .from(documents)
    .innerJoin(folderMemberships, and(eq(folderMemberships.folderId, documents.folderId), eq(folderMemberships.userId, sql.placeholder("userId"))))
    .innerJoin(users, eq(users.id, documents.ownerUserId))
    .where(eq(documents.id, sql.placeholder("documentId")))
    .prepare("document_view"),
);

/**
 * A document's current signers and spectators as two JSON columns of the query that reads the
 * document (correlated on `documentId`, in their list order): the document and its people in
 * one round trip, where separate queries made a read cost three. Read back with `peopleOf`.
 * In a paged list, join the page's ids first: columns of rows an OFFSET skips are computed too.
 */
export function peopleColumns(documentId: AnyPgColumn) {
  return {
    signatoriesJson: sql<JsonRow[] | null>`(select json_agg(${signatories} order by ${signatories.position}) from ${signatories} where ${signatories.documentId} = ${documentId} and ${signatories.removedAt} is null)`,
    spectatorsJson: sql<JsonRow[] | null>`(select json_agg(${spectators} order by ${spectators.position}) from ${spectators} where ${spectators.documentId} = ${documentId})`,
  };
}

export function peopleOf(row: { signatoriesJson: JsonRow[] | null; spectatorsJson: JsonRow[] | null }): { signatories: Signatory[]; spectators: Spectator[] } {
  return { signatories: rowsFromJson(signatories, row.signatoriesJson), spectators: rowsFromJson(spectators, row.spectatorsJson) };
}

/**
 * What a document view was read from, as one text: the row versions (PostgreSQL's `xmin`, the
 * transaction that wrote each row) of the document, its owner and its current signers and
 * spectators, in list order. Every change that commits to one of those rows (an update, an
 * insert or a removal among its people) puts its own transaction's id in the text, so the text
 * differs; a removal alone shortens a list. Reading it needs no JSON: a listing compares it with
 * what it rendered before and renders only what changed. Npgsql and EF Core use xmin as a row's
 * concurrency token the same way; since PostgreSQL 9.4 freezing keeps a row's xmin, so a vacuum
 * does not change it. Keep it covering every table `peopleColumns` and the view's query read.
 *
 * Correlated subqueries, one lookup per document whatever the planner believes: grouping the
 * people of a whole page once was cheaper with statistics (0.33 against 0.55 ms a page in
 * pgbench), but before the tables' first ANALYZE its cached generic plan ran each group again for
 * every document, 16-24 ms a page.
 */
export function documentVersion(documentId: AnyPgColumn) {
  return sql<string>`concat_ws(':', ${documents}.xmin, ${users}.xmin,
    coalesce((select string_agg(${signatories}.xmin::text, ',' order by ${signatories.position}) from ${signatories} where ${signatories.documentId} = ${documentId} and ${signatories.removedAt} is null), ''),
    coalesce((select string_agg(${spectators}.xmin::text, ',' order by ${spectators.position}) from ${spectators} where ${spectators.documentId} = ${documentId}), ''))`;
}

/**
 * A document the actor can read, as its id, owner, folder and version (`documentVersion`): what a
 * reader that kept the resource needs to know whether it still holds. Prepared, like the view.
 */
export async function findDocumentVersion(db: DbOrTx, actor: Actor, documentId: string) {
  const [row] = await documentVersionQuery(db).execute({ documentId, userId: actor.userId });
  if (!row) throw new AppError("NOT_FOUND", DOCUMENT_NOT_FOUND);
  return row;
}

const documentVersionQuery = perHandle((db) =>
  db
    .select({ id: documents.id, ownerUserId: documents.ownerUserId, folderId: documents.folderId, version: documentVersion(documents.id) })
    .from(documents)
    .innerJoin(folderMemberships, and(eq(folderMemberships.folderId, documents.folderId), eq(folderMemberships.userId, sql.placeholder("userId"))))
    .innerJoin(users, eq(users.id, documents.ownerUserId))
    .where(eq(documents.id, sql.placeholder("documentId")))
    .prepare("document_version"),
);

/**
 * The views of some documents of a folder the actor belongs to, each with its version read in
 * the same statement; documents no longer in the folder are left out. In no particular order.
 */
export async function findDocumentViews(db: DbOrTx, actor: Actor, folderId: string, ids: string[]): Promise<{ view: DocumentView; version: string }[]> {
  if (!ids.length) return [];
  const rows = await documentViewsQuery(db).execute({ ids, folderId, userId: actor.userId });
  return rows.map((row) => ({ view: viewOf(row), version: row.version }));
}

// What a listing or a document read runs for what it has not rendered yet: prepared, the ids as
// one array parameter, so PostgreSQL plans it once per connection whatever their number.
const documentViewsQuery = perHandle((db) =>
  db
    .select({ ...viewColumns(), version: documentVersion(documents.id) })
    .from(documents)
    .innerJoin(folderMemberships, and(eq(folderMemberships.folderId, documents.folderId), eq(folderMemberships.userId, sql.placeholder("userId"))))
    .innerJoin(users, eq(users.id, documents.ownerUserId))
    .where(and(sql`${documents.id} = any(${sql.placeholder("ids")}::uuid[])`, eq(documents.folderId, sql.placeholder("folderId"))))
    .prepare("document_views"),
);
