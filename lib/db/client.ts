import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { env } from "@/lib/env";
import * as schema from "./schema";

export type Db = PostgresJsDatabase<typeof schema>;
/** A transaction handle works wherever a Db does; services take either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

type Holder = { db: Db; sql: postgres.Sql; url: string };

// One pool per process: the launcher (tsx) and Next's server bundle load this module as two
// separate copies, so the pool lives on globalThis under a registered symbol.
const KEY = Symbol.for("rubrica.db");
const store = globalThis as unknown as { [KEY]?: Holder };

export function getDb(): Db {
  const url = env().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start Rúbrica through server.ts, the CLI or the worker.");
  const held = store[KEY];
  if (held && held.url === url) return held.db;
  const sql = postgres(url, { max: 10, onnotice: () => {}, connection: { application_name: "rubrica" } });
  const db = drizzle(sql, { schema });
  store[KEY] = { db, sql, url };
  return db;
}

export async function closeDb(): Promise<void> {
  const held = store[KEY];
  store[KEY] = undefined;
  if (held) await held.sql.end({ timeout: 5 });
}
