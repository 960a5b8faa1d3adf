import fs from "node:fs";
import path from "node:path";
import { env, resetEnvCache } from "@/lib/env";
import { embeddedUrl, runningClusterPort, startEmbeddedCluster } from "@/lib/db/embedded";
import { migrateDatabase } from "@/lib/db/migrate";
import { loadOrCreateSecrets } from "./secrets";

export type OpenedDatabase = {
  url: string;
  /** "external" (DATABASE_URL), "attached" (a cluster another process runs) or "embedded" (ours). */
  mode: "external" | "attached" | "embedded";
  /** Stops the embedded cluster when this process started it; otherwise does nothing. */
  close: () => Promise<void>;
};

/**
 * What every entry point (server, worker, CLI) does first: fill in AUTH_SECRET, find or start
 * the database, migrate it, and publish DATABASE_URL to the rest of the process through env().
 */
export async function openDatabase(): Promise<OpenedDatabase> {
  // A .env file in the working directory fills settings not already in the environment.
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  resetEnvCache();
  const settings = env();
  const secrets = loadOrCreateSecrets(settings.DATA_DIR);
  if (!process.env.AUTH_SECRET) process.env.AUTH_SECRET = secrets.authSecret;

  let opened: OpenedDatabase;
  if (settings.DATABASE_URL) {
    opened = { url: settings.DATABASE_URL, mode: "external", close: async () => {} };
  } else {
    const databaseDir = path.join(settings.DATA_DIR, "postgres");
    const port = runningClusterPort(databaseDir);
    if (port) {
      opened = { url: embeddedUrl(port, secrets.postgresPassword), mode: "attached", close: async () => {} };
    } else {
      const cluster = await startEmbeddedCluster({ databaseDir, password: secrets.postgresPassword, durable: true });
      opened = { url: embeddedUrl(cluster.port, cluster.password), mode: "embedded", close: cluster.stop };
    }
  }
  // Pin the demo default now: it depends on whether DATABASE_URL was given, which is about to change.
  process.env.SEED_DEMO ??= String(settings.SEED_DEMO);
  process.env.DATABASE_URL = opened.url;
  resetEnvCache();
  await migrateDatabase(opened.url);
  return opened;
}
