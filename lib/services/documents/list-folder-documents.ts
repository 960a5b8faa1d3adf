import { and, count, desc, eq, ilike, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { perHandle } from "@/lib/db/per-handle";
import { documents, folderMemberships, users, workFolders } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { FOLDER_NOT_FOUND, type FolderRole } from "@/lib/services/work-folders/folder-access";
import { documentVersion, findDocumentViews, type DocumentView } from "./document-view";

type PageOptions = { page?: number; size?: number; search?: string };

/** One page of a folder: the caller's role, the page's documents as ids and versions, the total. */
export type FolderPage = {
  role: FolderRole;
  items: { id: string; ownerUserId: string; version: string }[];
  totalItems: number;
  initialItem: number;
};

/**
 * One page of a folder's documents, newest first, as ids with their versions (`documentVersion`):
 * enough for a reader that keeps what it rendered to know what changed, without reading the
 * documents' rows as JSON. One statement checks the membership and reads the page, so a caller
 * outside the folder gets "not found" and no page is read. The total is the folder's kept count
 * (work_folders.document_count), so page 0 of a million-document folder costs what it costs in a
 * small one; only a search counts its matches.
 */
export async function listFolderPage(db: DbOrTx, actor: Actor, folderId: string, options: PageOptions = {}): Promise<FolderPage> {
  const page = options.page ?? 0;
  const size = options.size ?? 20;
  const pattern = options.search ? `%${escapeLike(options.search)}%` : undefined;
  const [rows, matches] = await Promise.all([
    folderPageQuery(db, pattern !== undefined).execute({ folderId, userId: actor.userId, limit: size, offset: page * size, pattern }),
    pattern !== undefined ? db.select({ n: count() }).from(documents).where(and(eq(documents.folderId, folderId), ilike(documents.fileName, pattern))) : undefined,
  ]);
  const [first] = rows;
  if (!first) throw new AppError("NOT_FOUND", FOLDER_NOT_FOUND);
  const items = rows.flatMap((r) => (r.id && r.ownerUserId && r.version ? [{ id: r.id, ownerUserId: r.ownerUserId, version: r.version }] : []));
  return { role: first.role, items, totalItems: matches ? matches[0]!.n : first.documentCount, initialItem: page * size };
}

/** One page of a folder's documents as views (the dashboard's list), each with its signers and spectators. */
export async function listFolderDocuments(db: DbOrTx, actor: Actor, folderId: string, options: PageOptions = {}) {
  const page = await listFolderPage(db, actor, folderId, options);
  const found = new Map((await findDocumentViews(db, actor, folderId, page.items.map((i) => i.id))).map((v) => [v.view.document.id, v.view]));
  const items: DocumentView[] = page.items.flatMap((i) => found.get(i.id) ?? []);
  return { items, totalItems: page.totalItems, initialItem: page.initialItem };
}

// Every listing runs one of these two, prepared: PostgreSQL plans them once per connection.
const pageQueries = { plain: perHandle((db) => buildFolderPageQuery(db, false)), search: perHandle((db) => buildFolderPageQuery(db, true)) };
const folderPageQuery = (db: DbOrTx, withSearch: boolean) => (withSearch ? pageQueries.search : pageQueries.plain)(db);

function buildFolderPageQuery(db: DbOrTx, withSearch: boolean) {
  const newestFirst = [desc(documents.createdAt), desc(documents.id)];
  // The page's ids first (the folder index alone), then their versions: computed for these rows
  // only, not for every row the offset skips.
  const ids = db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.folderId, folderMemberships.folderId), withSearch ? ilike(documents.fileName, sql.placeholder("pattern")) : undefined))
    .orderBy(...newestFirst)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("ids");
  const page = db
    .select({ id: documents.id, ownerUserId: documents.ownerUserId, createdAt: documents.createdAt, version: documentVersion(documents.id).as("version") })
    .from(documents)
    .innerJoin(ids, eq(ids.id, documents.id))
    .innerJoin(users, eq(users.id, documents.ownerUserId))
    .as("page");
  return db
    .select({ role: folderMemberships.role, documentCount: workFolders.documentCount, id: page.id, ownerUserId: page.ownerUserId, version: page.version })
    .from(folderMemberships)
    .innerJoin(workFolders, eq(workFolders.id, folderMemberships.folderId))
    .leftJoinLateral(page, sql`true`)
    .where(and(eq(folderMemberships.folderId, sql.placeholder("folderId")), eq(folderMemberships.userId, sql.placeholder("userId"))))
    .orderBy(desc(page.createdAt), desc(page.id))
    .prepare(withSearch ? "folder_page_search" : "folder_page");
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
