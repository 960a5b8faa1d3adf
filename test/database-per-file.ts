import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, inject } from "vitest";
import { resetEnvCache } from "@/lib/env";

const adminUrl = inject("adminUrl");
const database = `t_${crypto.randomBytes(6).toString("hex")}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${database} template ${inject("templateDatabase")}`);

const url = new URL(adminUrl);
url.pathname = `/${database}`;
process.env.DATABASE_URL = url.toString();
// Files, keys and sandbox authorities of this test file, never the developer's ./.data.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rubrica-test-data-"));
process.env.DATA_DIR = dataDir;
process.env.WEBHOOK_ALLOW_PRIVATE = "true";
process.env.LOG_LEVEL = "silent";
process.env.SANDBOX_LATENCY_MS = "0";
process.env.AUTH_SECRET = "test-secret-test-secret-test-secret";
resetEnvCache();

afterAll(async () => {
  const { closeQueue } = await import("@/lib/jobs/queue");
  const { stopWorker } = await import("@/lib/jobs/worker");
  const { closeDb } = await import("@/lib/db/client");
  await stopWorker();
  await closeQueue();
  await closeDb();
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  await admin.end();
});
