import type postgres from "postgres";
import type { LoadResult } from "./load";
import type { explain } from "./queries";

export const f = (n: number, digits = 2) => n.toFixed(digits);

/** One scenario: req/s, p50, p99, sample count, and anything that was not a 200. */
export function row(label: string, r: LoadResult) {
  const bad = Object.entries(r.statuses).filter(([s]) => s !== "200");
  const problems = bad.length || r.errors ? `  !! non-200: ${JSON.stringify(Object.fromEntries(bad))}, errors ${r.errors}` : "";
  console.log(`  ${label.padEnd(34)} ${f(r.rps, r.rps < 10 ? 1 : 0).padStart(6)} req/s   p50 ${f(r.p50).padStart(8)} ms   p99 ${f(r.p99).padStart(8)} ms   server CPU ${f(r.serverCpuMs)} ms/req   n=${r.requests}${problems}`);
}

export function printExplain(label: string, e: Awaited<ReturnType<typeof explain>>, withPlan = true) {
  console.log(`  EXPLAIN ${label}: execution ${f(e.executionMs)} ms, index ${e.indexes.join(", ") || "none"}; ${e.buffers}`);
  if (withPlan) for (const node of e.nodes) console.log(`      ${node}`);
}

/** One GET that must answer 200 with a body `ok` accepts, before a scenario is measured. */
export async function check(url: string, headers: Record<string, string>, ok: (body: { data: unknown }) => boolean) {
  const res = await fetch(url, { headers });
  const body = await res.json();
  if (res.status !== 200 || !ok(body)) throw new Error(`sanity check failed for ${url}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
}

/**
 * What-if, bench process only: every drizzle query on the app's pool (lib/db/client.ts keeps it
 * on globalThis) sent as a named prepared statement. drizzle passes prepare: false for queries
 * not built with .prepare(), and postgres.js then describes each parameterized statement in a
 * round trip of its own before executing it, and PostgreSQL parses and plans it every time.
 */
export function forcePreparedStatements(): () => void {
  const held = (globalThis as unknown as Record<symbol, { sql: postgres.Sql } | undefined>)[Symbol.for("rubrica.db")];
  if (!held) throw new Error("the app's pool is not open");
  const original = held.sql.unsafe;
  const unsafe = original.bind(held.sql);
  held.sql.unsafe = ((query: string, params?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
    unsafe(query, params, { ...options, prepare: true })) as postgres.Sql["unsafe"];
  return () => {
    held.sql.unsafe = original;
  };
}
