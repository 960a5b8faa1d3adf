import path from "node:path";
import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";

const MIGRATION_LOCK = 727_001; // pg_advisory_lock key: several processes may start at once

/** Applies drizzle/ migrations; safe to call from several processes concurrently. */
export async function migrateDatabase(url: string, migrationsFolder = path.resolve(process.cwd(), "drizzle")): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(drizzle(sql), { migrationsFolder });
    await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
