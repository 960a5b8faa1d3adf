// `npm run bench:hostile [-- --seconds 60 --flood 12 --verify 4 --out FILE --port 3203]` (issue 63): the production server
// (server.ts on the build, `scripts/ensure-build.mjs` first) on a throwaway database, under two
// hostile loads at once, while another tenant works:
//   - the page-picture flood: tenant A's stream bomb (a light first page, then 399 pages sharing
//     one Flate stream that exhausts the engine's render budget on each; test/hostile-pdfs.ts)
//     asked for anonymously on 12 connections (--flood N), each taking the next page from 100 on;
//   - hostile `POST /v1/verify` uploads on 4 connections (--verify N; 0 for none): deeply nested XML and a PDF whose
//     signature's /Contents is a hex gap of megabytes.
// Meanwhile, one request at a time each: `/api/health`, tenant B's upload of a small PDF and
// tenant B's read of its document. Prints p50/p95/p99/max of those three and every hostile
// answer by status; writes the same as JSON to --out (default: a file in the system's temporary
// folder, printed at the end). Issue 63's target: health, B's upload and read under 1 s p99.
// Not a test: nothing is asserted. Every request carries its own client address (TRUST_PROXY),
// so per-address budgets see many clients, as a flood from many machines would be.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { f } from "./lib/report";
import { seedBenchUser, withScratchDatabase } from "./lib/scratch";
import { startServer } from "./lib/servers";

const { values } = parseArgs({ options: { seconds: { type: "string", default: process.env.BENCH_SECONDS ?? "60" }, out: { type: "string" }, verify: { type: "string", default: "4" }, flood: { type: "string", default: "12" }, port: { type: "string", default: process.env.BENCH_PORT ?? "3203" } } });
const SECONDS = Number(values.seconds);
const FLOOD = { connections: Number(values.flood), firstPage: 100, pages: 400, bombMb: 30 };
// --verify 0: the page-picture flood alone (the /v1/verify uploads are another row's); --flood 0 --verify 0:
// the other tenant's work alone, the baseline.
const VERIFY_CONNECTIONS = Number(values.verify);
// A request still unanswered this long after the window closed is counted as such, not awaited.
const GIVE_UP_MS = 180_000;

type Sample = { ms: number; status: number | "timeout" | "error" };

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);

function summary(samples: Sample[]) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  return { count: samples.length, p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99), max: ms.at(-1) ?? NaN, statuses };
}

let address = 0;
const nextAddress = () => `10.63.${(++address >> 8) & 255}.${address & 255}`;

async function timed(url: string, init: RequestInit = {}): Promise<Sample> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, headers: { "x-forwarded-for": nextAddress(), ...init.headers }, signal: AbortSignal.timeout(GIVE_UP_MS) });
    await res.arrayBuffer();
    return { ms: performance.now() - started, status: res.status };
  } catch (err) {
    return { ms: performance.now() - started, status: (err as Error).name === "TimeoutError" ? "timeout" : "error" };
  }
}

/** Set-up requests, once more on a reset: a kept-alive socket the server closed while the bomb was made is reused once. */
const setUp = (url: string, init?: RequestInit) => fetch(url, init).catch(() => fetch(url, init));

/** Runs `request` again and again, one at a time, until `until` (a request started before it is awaited). */
async function loop(until: number, request: (i: number) => Promise<Sample>): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = 0; performance.now() < until; i++) samples.push(await request(i));
  return samples;
}

/** `depth` nested elements: what a recursive XML reader descends one frame at a time. */
const nestedXml = (depth: number) => `<?xml version="1.0"?>\n${"<a>".repeat(depth)}${"</a>".repeat(depth)}`;

/** A PDF whose signature dictionary's /Contents is `hexMb` megabytes of hex digits (the gap a ByteRange leaves). */
function hexGapPdf(hexMb: number): Buffer {
  const gap = "0".repeat(hexMb * 1024 * 1024);
  const head = "%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /SigFlags 3 >> >>\nendobj\n2 0 obj\n<< /Type /Pages /Count 1 /Kids [3 0 R] >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] >>\nendobj\n4 0 obj\n<< /Type /Annot /Subtype /Widget /FT /Sig /Rect [0 0 0 0] /P 3 0 R /V 5 0 R >>\nendobj\n5 0 obj\n<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange [0 0 0 0] /Contents <";
  const tail = ">\n>>\nendobj\ntrailer\n<< /Root 1 0 R /Size 6 >>\n%%EOF\n";
  return Buffer.from(head + gap + tail, "latin1");
}

async function main() {
  if (spawnSync("node", ["scripts/ensure-build.mjs"], { stdio: "inherit" }).status !== 0) throw new Error("build failed");
  await withScratchDatabase("hostile", async ({ databaseUrl, dataDir, authSecret, onCleanup }) => {
    const { getDb } = await import("@/lib/db/client");
    const { createUser } = await import("@/lib/services/users/create-user");
    const { createApiKey } = await import("@/lib/services/api-keys/create-api-key");
    const { makePdf } = await import("@/test/factories/documents");
    const { bombAfterFirstPagePdf } = await import("@/test/hostile-pdfs");

    const a = await seedBenchUser();
    const userB = await createUser(getDb(), { name: "Inquilina Beta Núñez", email: "beta@example.com", password: "contraseña-beta-1" });
    const { key: keyB } = await createApiKey(getDb(), { userId: userB.id }, { name: "bench b" });

    const server = await startServer(
      { ...process.env, NODE_ENV: "production", DATABASE_URL: databaseUrl, DATA_DIR: dataDir, HOSTNAME: "127.0.0.1", AUTH_SECRET: authSecret, SEED_DEMO: "false", TRUST_PROXY: "true", SANDBOX_LATENCY_MS: "0", LOG_LEVEL: "warn" },
      Number(values.port),
    );
    onCleanup(() => server.stop());
    const base = server.url;

    const upload = async (key: string, pdf: Uint8Array, name: string) => {
      const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
      const folders = (await (await setUp(`${base}/v1/companies`, { headers })).json()) as { data: { id: string }[] };
      const body = JSON.stringify({ file_base64: Buffer.from(pdf).toString("base64"), file_name: name, notification_mode: "DISABLED", signatures: [{ name: "Begoña Núñez", email: "begona@example.com" }] });
      return { url: `${base}/v1/containers/${folders.data[0]!.id}/documents`, init: { method: "POST", headers, body } };
    };
    const bomb = await bombAfterFirstPagePdf(FLOOD.bombMb, FLOOD.pages);
    const bombUpload = await upload(a.key, bomb, "bomba.pdf");
    const created = await setUp(bombUpload.url, bombUpload.init);
    if (created.status !== 201) throw new Error(`the bomb's upload: ${created.status} ${await created.text()}`);
    const link = ((await created.json()) as { data: { relationships: { signatories: { data: { id: string }[] } } } }).data.relationships.signatories.data[0]!.id;
    const small = await makePdf(1);
    const smallUpload = await upload(keyB, small, "recibo.pdf");
    const first = await setUp(smallUpload.url, smallUpload.init);
    if (first.status !== 201) throw new Error(`B's upload: ${first.status} ${await first.text()}`);
    const documentB = ((await first.json()) as { data: { id: string } }).data.id;
    const xml = nestedXml(200_000);
    const gapPdf = new Uint8Array(hexGapPdf(16));

    console.log(`node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}; bomb ${bomb.length} bytes (${FLOOD.bombMb} MB of drawing shared by pages 2–${FLOOD.pages}), B's PDF ${small.length} bytes; ${SECONDS} s`);
    const until = performance.now() + SECONDS * 1000;
    let page = FLOOD.firstPage;
    const pagesOf = () => (page > FLOOD.pages ? (page = FLOOD.firstPage) : page++);
    const [flood, verify, health, uploads, reads] = await Promise.all([
      Promise.all(Array.from({ length: FLOOD.connections }, () => loop(until, () => timed(`${base}/signature/sign-document/${link}/pages/${pagesOf()}?w=820`)))).then((all) => all.flat()),
      Promise.all(
        Array.from({ length: VERIFY_CONNECTIONS }, (_, c) =>
          loop(until, (i) => {
            const form = new FormData();
            form.set("file", (c + i) % 2 ? new Blob([xml], { type: "application/xml" }) : new Blob([gapPdf], { type: "application/pdf" }), (c + i) % 2 ? "anidado.xml" : "hueco.pdf");
            return timed(`${base}/v1/verify`, { method: "POST", body: form });
          }),
        ),
      ).then((all) => all.flat()),
      loop(until, () => timed(`${base}/api/health`)),
      loop(until, () => timed(smallUpload.url, smallUpload.init)),
      loop(until, () => timed(`${base}/v1/documents/${documentB}`, { headers: { authorization: `Bearer ${keyB}` } })),
    ]);

    const results = {
      at: new Date().toISOString(),
      seconds: SECONDS,
      floodConnections: FLOOD.connections,
      verifyConnections: VERIFY_CONNECTIONS,
      cores: os.cpus().length,
      health: summary(health),
      tenantBUpload: summary(uploads),
      tenantBRead: summary(reads),
      pictureFlood: summary(flood),
      verifyFlood: summary(verify),
    };
    const row = (label: string, s: ReturnType<typeof summary>) => console.log(`${label.padEnd(22)} n=${String(s.count).padStart(5)}  p50 ${f(s.p50).padStart(8)} ms  p95 ${f(s.p95).padStart(8)} ms  p99 ${f(s.p99).padStart(8)} ms  max ${f(s.max).padStart(8)} ms  ${JSON.stringify(s.statuses)}`);
    row("/api/health", results.health);
    row("tenant B upload", results.tenantBUpload);
    row("tenant B read", results.tenantBRead);
    row("picture flood", results.pictureFlood);
    row("POST /v1/verify flood", results.verifyFlood);
    const target = [results.health, results.tenantBUpload, results.tenantBRead].every((s) => s.p99 < 1000 && s.count > 0);
    console.log(`issue 63's target (health, B's upload and read under 1 s p99): ${target ? "met" : "missed"}`);
    const out = values.out ?? path.join(os.tmpdir(), `rubrica-hostile-load-${results.at.replace(/[:.]/g, "-")}.json`);
    fs.writeFileSync(out, JSON.stringify(results, null, 1));
    console.log(`results: ${out}`);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
