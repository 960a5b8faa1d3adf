import { count, desc, eq } from "drizzle-orm";
import type postgres from "postgres";
import type { Db } from "@/lib/db/client";
import { documents, users } from "@/lib/db/schema";

/** The two queries of lib/services/documents/list-folder-documents.ts (without search), built the same way. */
export function listingQueries(db: Db, folderId: string, page: number, size = 20) {
  const where = eq(documents.folderId, folderId);
  return {
    page: db
      .select({ document: documents, ownerName: users.name, ownerEmail: users.email })
      .from(documents)
      .innerJoin(users, eq(users.id, documents.ownerUserId))
      .where(where)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(size)
      .offset(page * size)
      .toSQL(),
    count: db.select({ n: count() }).from(documents).where(where).toSQL(),
  };
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
