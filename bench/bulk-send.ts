// `npm run bench:bulk`: does a 10,000-row bulk send slow the server's other work? Through the
// server `npm start` runs (server.ts on the production build, with its own job worker, which
// makes the bulk send's documents in the same process that answers requests), it measures
// another tenant's document reads (GET /v1/documents/{id}, real API key) first idle, then while a 10,000-row CSV
// is sent (POST /v1/templates/{id}/bulk-sends) until GET /v1/bulk-sends/{id} says DONE, and
// prints p50/p99 of both and the ratio (target: p99 during ≤ 2× idle). Every request's latency
// is kept, so percentiles are exact. Throwaway embedded PostgreSQL (fsync off); asserts nothing.
// BENCH_ROWS (10000), BENCH_CONNECTIONS (8 concurrent readers), BENCH_IDLE_SECONDS (10),
// BENCH_NOTIFY=1 (the template notifies signers: 20,000 e-mails to the sandbox outbox follow),
// BENCH_PORT (3104 by default here, so engineers sharing a machine keep apart).
import { spawnSync } from "node:child_process";
import os from "node:os";
import { f } from "./lib/report";
import { seedBenchUser, withScratchDatabase } from "./lib/scratch";
import { startServer } from "./lib/servers";

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const NOTIFY = process.env.BENCH_NOTIFY === "1";
const PORT = Number(process.env.BENCH_PORT ?? 3104);
const DOCUMENTS = 200;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** `CONNECTIONS` loops reading documents round robin until `until()` says stop; every latency kept. */
async function readDocuments(url: string, headers: Record<string, string>, ids: string[], until: () => boolean) {
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (!until()) {
        const id = ids[i++ % ids.length];
        const started = performance.now();
        const res = await fetch(`${url}/v1/documents/${id}`, { headers });
        await res.arrayBuffer();
        latencies.push(performance.now() - started);
        if (res.status !== 200) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { n: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? NaN, errors };
}

async function main() {
  if (spawnSync("node", ["scripts/ensure-build.mjs"], { stdio: "inherit" }).status !== 0) throw new Error("build failed");
  await withScratchDatabase("bulk", async ({ databaseUrl, dataDir, authSecret, onCleanup }) => {
    const serverEnv = {
      ...process.env,
      NODE_ENV: "production" as const,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      HOSTNAME: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${PORT}`,
      AUTH_SECRET: authSecret,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      SANDBOX_LATENCY_MS: "0",
    };

    const { getDb } = await import("@/lib/db/client");
    const { createDocument } = await import("@/lib/services/documents/create-document");
    const { createDocumentInput } = await import("@/lib/schemas/signing");
    const { makePdf, defaultFolderId } = await import("@/test/factories/documents");
    // The readers are another tenant: what one account's flood costs everyone else.
    const reader = await seedBenchUser("reader@example.com");
    const { headers } = await seedBenchUser();
    const folder = await defaultFolderId(reader.actor);
    const pdf = await makePdf(2);
    const input = createDocumentInput.parse({ signatures: [{ name: "Begoña Núñez", email: "begona@example.com" }, { name: "José Ángel Peña", email: "jose@example.com" }], notification_mode: "DISABLED" });
    const documents: string[] = [];
    for (let i = 0; i < DOCUMENTS; i++) documents.push(await createDocument(getDb(), reader.actor, folder, { ...input, file_name: `Contrato ${i}.pdf` }, { bytes: pdf }));

    const server = await startServer(serverEnv, PORT);
    onCleanup(() => server.stop());
    const url = server.url;

    const form = new FormData();
    form.set("file", new File([pdf as BlobPart], "pagare.pdf", { type: "application/pdf" }));
    form.set("template", JSON.stringify({ name: "Pagaré", roles: [{ key: "deudor", label: "Deudor" }, { key: "aval", label: "Aval" }], notification_mode: NOTIFY ? "ENABLED" : "DISABLED" }));
    const created = await fetch(`${url}/v1/templates`, { method: "POST", headers, body: form });
    if (created.status !== 201) throw new Error(`template: ${created.status} ${await created.text()}`);
    const templateId = ((await created.json()) as { data: { id: string } }).data.id;
    const csv = ["deudor.nombre,deudor.email,deudor.telefono,aval.nombre,aval.email,archivo", ...Array.from({ length: ROWS }, (_, i) => `Deudor ${i},deudor${i}@example.com,55${String(i).padStart(8, "0")},Aval ${i},aval${i}@example.com,Pagaré ${i}.pdf`)].join("\n");

    // Warm-up, so both phases read through a warm server and prepared statements.
    let warm = Date.now() + 2000;
    await readDocuments(url, reader.headers, documents, () => Date.now() > warm);
    const idleUntil = Date.now() + IDLE_SECONDS * 1000;
    const idle = await readDocuments(url, reader.headers, documents, () => Date.now() > idleUntil);

    let done = false;
    const sendStarted = performance.now();
    const readsDuring = readDocuments(url, reader.headers, documents, () => done);
    const send = () => fetch(`${url}/v1/templates/${templateId}/bulk-sends`, { method: "POST", headers: { ...headers, "content-type": "text/csv" }, body: csv });
    const accepted = await send();
    const acceptMs = performance.now() - sendStarted;
    if (accepted.status !== 202) throw new Error(`bulk send: ${accepted.status} ${await accepted.text()}`);
    // The same flood again at once (issue #63): refused while the first runs (409).
    const again = await send();
    const againWhileRunning = `${again.status} ${((await again.json()) as { message?: string }).message ?? ""}`;
    const location = accepted.headers.get("location")!;
    let last: { status: string; created: number; failed: number } = { status: "QUEUED", created: 0, failed: 0 };
    while (last.status !== "DONE" && last.status !== "FAILED") {
      await new Promise((r) => setTimeout(r, 500));
      last = ((await (await fetch(`${url}${location}?size=1`, { headers })).json()) as { data: { attributes: typeof last } }).data.attributes;
    }
    done = true;
    const sendMs = performance.now() - sendStarted;
    const during = await readsDuring;
    // Idle again after the send: how much of a difference is the machine's own noise.
    const afterUntil = Date.now() + IDLE_SECONDS * 1000;
    const after = await readDocuments(url, reader.headers, documents, () => Date.now() > afterUntil);
    // ...and after it, past the account's documents quota (DOCUMENTS_PER_PERIOD) when ROWS is 10,000: 429.
    const third = await send();
    const againAfter = `${third.status} ${third.headers.get("retry-after") ? `Retry-After ${third.headers.get("retry-after")} s` : ""}`;
    warm = 0;

    console.log(`\nBulk send: ${ROWS} rows, notifications ${NOTIFY ? "ENABLED" : "DISABLED"}, ${CONNECTIONS} concurrent readers of GET /v1/documents/{id}`);
    console.log(`  accepted (parse + check + store rows) in ${f(acceptMs, 0)} ms; DONE in ${f(sendMs / 1000, 1)} s (${f(ROWS / (sendMs / 1000), 0)} documents/s); created ${last.created}, failed ${last.failed}`);
    console.log(`  the same send again while it ran: ${againWhileRunning}; again after it: ${againAfter}`);
    console.log("\n| another tenant's document reads | n | p50 ms | p99 ms | max ms | errors |");
    console.log("|---|---:|---:|---:|---:|---:|");
    for (const [label, m] of [["idle, before", idle], ["during the send", during], ["idle, after", after]] as const) console.log(`| ${label} | ${m.n} | ${f(m.p50, 1)} | ${f(m.p99, 1)} | ${f(m.max, 1)} | ${m.errors} |`);
    console.log(`\np99 during / idle before: ${f(during.p99 / idle.p99, 2)}× (target ≤ 2×); p50 ratio ${f(during.p50 / idle.p50, 2)}×; idle after / before p99 ${f(after.p99 / idle.p99, 2)}×; load average ${os.loadavg().map((l) => f(l, 1)).join(" ")}`);
  });
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
