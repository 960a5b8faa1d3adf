// `npm run bench:validations`: 1,000 electricity receipt validations created at once, with the
// sandbox portal's latency at 0, run to their final state by the job worker in this process, each
// with a webhook to a local receiver. Prints creation rate, throughput to the final state, p50/p99
// time to final state and p99 webhook delay (final state -> webhook received). Baseline, same run:
// the same work with no queue (processReceiptValidation called directly, 20 at a time), the floor
// the queue's overhead is measured against.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { resetEnvCache } from "@/lib/env";
import { embeddedUrl, startEmbeddedCluster } from "@/lib/db/embedded";
import { migrateDatabase } from "@/lib/db/migrate";

const N = Number(process.env.BENCH_N ?? 1000);
const INPUTS = [
  { numero_servicio: "123456789012", nombre_titular: "MARIA GUADALUPE PEREZ LOPEZ", importe: "1234.50" },
  { numero_servicio: "210987654321", nombre_titular: "José Ángel Núñez García", importe: "987.00" },
  { numero_servicio: "123456789012", nombre_titular: "MARIA PEREZ", importe: "1234.50" },
  { numero_servicio: "555000111222", nombre_titular: "ABARROTES LA ESPERANZA SA DE CV", importe: "1" },
  { numero_servicio: "000000000001", nombre_titular: "NADIE", importe: "1" },
];

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const f = (n: number) => n.toFixed(1);

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rubrica-bench-"));
  fs.chmodSync(dir, 0o755);
  const cluster = await startEmbeddedCluster({ databaseDir: path.join(dir, "pg"), password: "bench", durable: false });
  const arrivals = new Map<string, number>();
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      arrivals.set((JSON.parse(body) as { uuid: string }).uuid, Date.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    const url = embeddedUrl(cluster.port, cluster.password);
    await migrateDatabase(url);
    Object.assign(process.env, { DATABASE_URL: url, DATA_DIR: dir, LOG_LEVEL: "silent", AUTH_SECRET: "bench-secret-bench-secret-bench", SANDBOX_LATENCY_MS: "0", WEBHOOK_ALLOW_PRIVATE: "true", IDENTITY_API_PER_MINUTE: String(10 * N) });
    resetEnvCache();
    const { getDb, closeDb } = await import("@/lib/db/client");
    const { sql } = await import("drizzle-orm");
    const { createUser } = await import("@/lib/services/users/create-user");
    const { createApiKey } = await import("@/lib/services/api-keys/create-api-key");
    const { startWorker, stopWorker } = await import("@/lib/jobs/worker");
    const { closeQueue, getBoss } = await import("@/lib/jobs/queue");
    const { processReceiptValidation } = await import("@/lib/services/validations/process-receipt-validation");
    const { POST } = await import("@/app/identity/v1/miscellaneous/electricity/recibo/route");
    const db = getDb();
    const user = await createUser(db, { name: "Bench Núñez", email: "bench@example.com", password: "contraseña-bench" });
    const { key } = await createApiKey(db, { userId: user.id }, { name: "bench" });
    const create = (i: number, webhook?: string) =>
      POST(new Request("http://x/identity/v1/miscellaneous/electricity/recibo", { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify({ ...INPUTS[i % INPUTS.length], webhook }) }));
    const createAll = async (webhook?: string) => {
      const t = performance.now();
      const responses = await Promise.all(Array.from({ length: N }, (_, i) => create(i, webhook)));
      const ms = performance.now() - t;
      if (responses.some((r) => r.status !== 201)) throw new Error(`creation failed: ${responses.find((r) => r.status !== 201)!.status}`);
      return { ids: await Promise.all(responses.map(async (r) => ((await r.json()) as { uuid: string }).uuid)), ms };
    };
    await getBoss();
    console.log(`node ${process.version}, ${os.cpus().length} cores, ${N} validations, sandbox latency 0 ms`);

    // Baseline: the same work without the queue, 20 at a time (the worker's batch size).
    const base = await createAll();
    await db.execute(sql`delete from pgboss.job where name = 'validate-receipt'`);
    const t0 = performance.now();
    for (let i = 0; i < base.ids.length; i += 20) await Promise.all(base.ids.slice(i, i + 20).map((id) => processReceiptValidation(db, id)));
    const baseMs = performance.now() - t0;
    console.log(`baseline (no queue): ${f(N / (baseMs / 1000))} validations/s (${f(baseMs)} ms for ${N})`);

    // Through the API, the queue and the worker, each with a webhook.
    const run = await createAll(hook);
    console.log(`creation: ${N} POSTs at once in ${f(run.ms)} ms (${f(N / (run.ms / 1000))} /s)`);
    await startWorker();
    const ids = run.ids;
    const deadline = Date.now() + 10 * 60_000;
    for (;;) {
      const [row] = await db.execute<{ left: number }>(sql`select count(*)::int as left from receipt_validations where id = any(${sql.raw(`array['${ids.join("','")}']::uuid[]`)}) and status = 'pendiente'`);
      if (row!.left === 0 && arrivals.size >= N) break;
      if (Date.now() > deadline) throw new Error(`timed out: ${row!.left} pending, ${arrivals.size} webhooks`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const rows = await db.execute<{ id: string; status: string; created: number; updated: number }>(
      sql`select id, status, extract(epoch from created_at) * 1000 as created, extract(epoch from updated_at) * 1000 as updated from receipt_validations where id = any(${sql.raw(`array['${ids.join("','")}']::uuid[]`)})`,
    );
    const toFinal = rows.map((r) => Number(r.updated) - Number(r.created)).sort((a, b) => a - b);
    const delays = rows.map((r) => arrivals.get(r.id)! - Number(r.updated)).sort((a, b) => a - b);
    const first = Math.min(...rows.map((r) => Number(r.created)));
    const last = Math.max(...rows.map((r) => Number(r.updated)));
    const statuses = rows.reduce<Record<string, number>>((acc, r) => ((acc[r.status] = (acc[r.status] ?? 0) + 1), acc), {});
    const throughput = N / ((last - first) / 1000);
    console.log(`final states: ${JSON.stringify(statuses)}`);
    console.log(`throughput to final state: ${f(throughput)} validations/s (${f(last - first)} ms from first creation to last final state); ${(throughput / (N / (baseMs / 1000))).toFixed(2)}x the baseline`);
    console.log(`time to final state: p50 ${f(pct(toFinal, 0.5))} ms, p99 ${f(pct(toFinal, 0.99))} ms, max ${f(toFinal.at(-1)!)} ms`);
    console.log(`webhook delay (final state -> received): p50 ${f(pct(delays, 0.5))} ms, p99 ${f(pct(delays, 0.99))} ms, max ${f(delays.at(-1)!)} ms; ${arrivals.size} webhooks for ${N} validations`);
    await stopWorker();
    await closeQueue();
    await closeDb();
  } finally {
    receiver.close();
    await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
