import type { DbOrTx } from "./client";

/**
 * A query built once per database handle: drizzle otherwise builds its SQL again on every call,
 * and a query built with `.prepare(name)` is then also planned once per connection by PostgreSQL.
 * For the reads every request of a kind runs.
 */
export function perHandle<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<DbOrTx, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
