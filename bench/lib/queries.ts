import { count, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import type postgres from "postgres";
import { documents } from "@/lib/db/schema";
import * as schema from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { findDocumentViews } from "@/lib/services/documents/document-view";
import { listFolderPage } from "@/lib/services/documents/list-folder-documents";

type Query = { sql: string; params: unknown[] };

/**
 * The statements a listing runs, as lib/services/documents builds them (captured from a database
 * handle that logs, so they cannot drift from the code): the page (membership, ids and versions)
 * and the views of a page's documents (what a listing reads for documents it has not rendered
 * yet); and, for comparison, the count(*) the kept count replaced.
 */
export async function listingQueries(sql: postgres.Sql, actor: Actor, folderId: string, page: number, size = 20): Promise<{ page: Query; views: Query; count: Query }> {
  const logged: Query[] = [];
  const db = drizzle(sql, { schema, logger: { logQuery: (query, params) => void logged.push({ sql: query, params }) } });
  const listed = await listFolderPage(db, actor, folderId, { page, size });
  await findDocumentViews(db, actor, folderId, listed.items.map((i) => i.id));
  return { page: logged[0]!, views: logged[1]!, count: db.select({ n: count() }).from(documents).where(eq(documents.folderId, folderId)).toSQL() };
}

export const run = (sql: postgres.Sql, query: { sql: string; params: unknown[] }) => sql.unsafe(query.sql, query.params as postgres.ParameterOrJSON<never>[]);

/** EXPLAIN (ANALYZE, BUFFERS) in brief: plan nodes without cost estimates, the top Buffers line, execution time. */
export async function explain(sql: postgres.Sql, query: { sql: string; params: unknown[] }) {
  const rows = await run(sql, { ...query, sql: `explain (analyze, buffers) ${query.sql}` });
  const lines = rows.map((r) => r["QUERY PLAN"] as string);
  const nodes = lines.filter((l, i) => i === 0 || l.includes("->")).map((l) => l.replace(/\s*\(cost=[^)]*\)/, "").replace(/^(\s*)->\s*/, "$1-> "));
  return {
    nodes,
    buffers: lines.find((l) => l.trim().startsWith("Buffers:"))?.trim() ?? "",
    executionMs: Number(/Execution Time: ([\d.]+)/.exec(lines.join("\n"))?.[1]),
    indexes: [...new Set(lines.flatMap((l) => [...l.matchAll(/ using (\w+)/g)].map((m) => m[1]!)))],
  };
}

/** Median wall time of a query over `runs` runs (after one warm-up run). */
export async function medianMs(runs: number, fn: () => Promise<unknown>) {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return samples.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}
