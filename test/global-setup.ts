// Integration tests: one throwaway PostgreSQL cluster per run (or DATABASE_URL, local only), a
// template database migrated once (our schema and pg-boss's), and each test file gets its own
// database cloned from it (test/database-per-file.ts), so files run in parallel.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import PgBoss from "pg-boss";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { embeddedUrl, startEmbeddedCluster, type EmbeddedCluster } from "@/lib/db/embedded";
import { migrateDatabase } from "@/lib/db/migrate";

export const TEMPLATE = "rubrica_test_template";

declare module "vitest" {
  export interface ProvidedContext {
    adminUrl: string;
    templateDatabase: string;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

let cluster: EmbeddedCluster | undefined;
let dir: string | undefined;

export async function setup(project: TestProject) {
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    const host = new URL(process.env.DATABASE_URL).hostname;
    // Tests create and drop databases: never let them near a shared server.
    if (!["localhost", "127.0.0.1", "::1", "[::1]"].includes(host)) throw new Error(`Refusing to run tests against non-local database host ${host}`);
    adminUrl = process.env.DATABASE_URL;
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "rubrica-test-"));
    fs.chmodSync(dir, 0o755);
    cluster = await startEmbeddedCluster({ databaseDir: path.join(dir, "pg"), password: "test", durable: false });
    adminUrl = embeddedUrl(cluster.port, cluster.password, "postgres");
  }
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${TEMPLATE}`);
  await admin.unsafe(`create database ${TEMPLATE}`);
  await admin.end();
  const templateUrl = withDatabase(adminUrl, TEMPLATE);
  await migrateDatabase(templateUrl);
  const boss = new PgBoss({ connectionString: templateUrl, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
  project.provide("adminUrl", adminUrl);
  project.provide("templateDatabase", TEMPLATE);
}

export async function teardown() {
  await cluster?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
