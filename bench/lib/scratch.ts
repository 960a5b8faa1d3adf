import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { embeddedUrl, startEmbeddedCluster } from "@/lib/db/embedded";
import { migrateDatabase } from "@/lib/db/migrate";
import { resetEnvCache } from "@/lib/env";

/** What a bench run gets: its folder, a migrated database and a place to register its cleanups. */
export type Scratch = {
  dir: string;
  databaseUrl: string;
  /** DATA_DIR for this process and any server it starts. */
  dataDir: string;
  authSecret: string;
  /** The embedded PostgreSQL's postmaster, for counting the database's own CPU. */
  postmasterPid: number | undefined;
  /** Runs on the way out (last registered first), also on SIGINT/SIGTERM. */
  onCleanup: (fn: () => unknown) => void;
};

/**
 * A throwaway bench run: a temporary folder, an embedded PostgreSQL in it (fsync off: its data
 * is thrown away) migrated as the app migrates, and this process's settings pointed at it, so
 * services imported after this (dynamically: lib/env reads the settings once) use it. Cleanups
 * run once, in reverse order, however the run ends: normally, by an error, or by Ctrl-C.
 */
export async function withScratchDatabase<T>(prefix: string, run: (scratch: Scratch) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rubrica-bench-${prefix}-`));
  // The embedded cluster's `postgres` user must reach its data directory inside this folder.
  fs.chmodSync(dir, 0o755);
  const cleanups: (() => unknown)[] = [() => fs.rmSync(dir, { recursive: true, force: true })];
  let cleaning: Promise<void> | undefined;
  const cleanup = () =>
    (cleaning ??= (async () => {
      for (let fn = cleanups.pop(); fn; fn = cleanups.pop()) await Promise.resolve().then(fn).catch((err) => console.error("cleanup:", err));
    })());
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  try {
    const cluster = await startEmbeddedCluster({ databaseDir: path.join(dir, "pg"), password: "bench", durable: false });
    cleanups.push(() => cluster.stop());
    const databaseUrl = embeddedUrl(cluster.port, cluster.password);
    const postmasterPid = Number(fs.readFileSync(path.join(dir, "pg", "postmaster.pid"), "utf8").split("\n")[0]) || undefined;
    await migrateDatabase(databaseUrl);
    const scratch: Scratch = { dir, databaseUrl, dataDir: path.join(dir, "data"), authSecret: "bench-secret-bench-secret-bench", postmasterPid, onCleanup: (fn) => cleanups.push(fn) };
    Object.assign(process.env, { DATABASE_URL: databaseUrl, DATA_DIR: scratch.dataDir, LOG_LEVEL: "silent", AUTH_SECRET: scratch.authSecret });
    resetEnvCache();
    const { closeDb } = await import("@/lib/db/client");
    cleanups.push(closeDb);
    return await run(scratch);
  } finally {
    await cleanup();
  }
}

/** The bench's account, made through the services, with an API key for the requests. */
export async function seedBenchUser(email = "bench@example.com") {
  const { getDb } = await import("@/lib/db/client");
  const { createUser } = await import("@/lib/services/users/create-user");
  const { createApiKey } = await import("@/lib/services/api-keys/create-api-key");
  const user = await createUser(getDb(), { name: "Bench Núñez", email, password: "contraseña-bench" });
  const actor = { userId: user.id, role: user.role, locale: user.locale, via: "apiKey" as const };
  const { key } = await createApiKey(getDb(), actor, { name: "bench" });
  return { user, actor, key, headers: { authorization: `Bearer ${key}` } };
}
