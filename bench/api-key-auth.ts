// `npx tsx bench/api-key-auth.ts`: cost of the HTTP contract layer on an API-key route, measured
// in-process against a throwaway embedded PostgreSQL. Baseline, measured in the same run: the
// unauthenticated health route (one `select 1`). Also argon2id hashing, the sign-up cost.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { resetEnvCache } from "@/lib/env";
import { embeddedUrl, startEmbeddedCluster } from "@/lib/db/embedded";
import { migrateDatabase } from "@/lib/db/migrate";

async function time(label: string, n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(50, n); i++) await fn(); // warm up
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / n;
  const p = (q: number) => samples[Math.min(n - 1, Math.floor(q * n))]!;
  console.log(`${label.padEnd(34)} n=${n}  mean ${mean.toFixed(3)} ms  p50 ${p(0.5).toFixed(3)}  p95 ${p(0.95).toFixed(3)}  p99 ${p(0.99).toFixed(3)}`);
  return mean;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rubrica-bench-"));
  fs.chmodSync(dir, 0o755);
  const cluster = await startEmbeddedCluster({ databaseDir: path.join(dir, "pg"), password: "bench", durable: false });
  try {
    const url = embeddedUrl(cluster.port, cluster.password);
    await migrateDatabase(url);
    process.env.DATABASE_URL = url;
    process.env.LOG_LEVEL = "silent";
    process.env.AUTH_SECRET = "bench-secret-bench-secret-bench";
    resetEnvCache();
    const { getDb, closeDb } = await import("@/lib/db/client");
    const { createUser } = await import("@/lib/services/users/create-user");
    const { createApiKey } = await import("@/lib/services/api-keys/create-api-key");
    const { hashPassword } = await import("@/lib/services/users/password");
    const health = (await import("@/app/api/health/route")).GET;
    const me = (await import("@/app/v1/me/route")).GET;

    const user = await createUser(getDb(), { name: "Bench Núñez", email: "bench@example.com", password: "contraseña-bench" });
    const { key } = await createApiKey(getDb(), { userId: user.id }, { name: "bench" });
    const ctx = { params: Promise.resolve({}) };
    const N = 2000;

    console.log(`node ${process.version}, ${os.cpus().length} cores`);
    const base = await time("GET /api/health (baseline)", N, () => health(new Request("http://x/api/health"), ctx));
    const bearer = await time("GET /v1/me  Authorization: Bearer", N, () => me(new Request("http://x/v1/me", { headers: { authorization: `Bearer ${key}` } }), ctx));
    const header = await time("GET /v1/me  X-Api-Key", N, () => me(new Request("http://x/v1/me", { headers: { "x-api-key": key } }), ctx));
    const denied = await time("GET /v1/me  unknown key (401)", N, () => me(new Request("http://x/v1/me", { headers: { "x-api-key": "rk_" + "A".repeat(32) } }), ctx));
    const argon = await time("argon2id hash (sign-up)", 20, () => hashPassword("contraseña-bench"));
    console.log(`ratios vs baseline: bearer ${(bearer / base).toFixed(2)}x, x-api-key ${(header / base).toFixed(2)}x, 401 ${(denied / base).toFixed(2)}x, argon2id ${(argon / base).toFixed(0)}x`);
    await closeDb();
  } finally {
    await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
