// `npm run bench:http`: the hot reads measured through the server `npm start` runs (server.ts on
// the production build, its own job worker, real API keys, rate limits and logging), driven over
// real HTTP by autocannon, side by side in the same run with
//   (a) /api/health of the same server: the framework's floor (routing, our wrapper, `select 1`);
//   (b) a bare node:http + postgres.js process answering the same rows (bench/lib/floor-child.ts).
// Prints req/s, p50 and p99 per read and the ratios; then, with BENCH_PROFILE=1 (default on), a
// CPU profile of the server while it answers document reads, summarised by where the time goes.
// Throwaway embedded PostgreSQL (fsync off) and data directory; asserts nothing about time.
import { fork, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { summariseProfile } from "./lib/cpu-profile";
import { f } from "./lib/report";
import { withScratchDatabase, seedBenchUser } from "./lib/scratch";
import { startServer } from "./lib/servers";

const DOCUMENTS = 300;
const SESSIONS = 100;
const RECEIPTS = 100;
const LOAD = { connections: 32, warmupS: 2, durationS: Number(process.env.BENCH_SECONDS ?? 8) };
// BENCH_PROFILE=0: no profile; BENCH_PROFILE=n (1-based): profile the n-th read (default 1, the document read).
const PROFILE = process.env.BENCH_PROFILE === "0" ? null : Math.max(1, Number(process.env.BENCH_PROFILE ?? 1) || 1);
// BENCH_ONLY=2,3: measure only those reads (1-based), e.g. while working on one of them.
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(",").map(Number)) : null;
// BENCH_PORT=n: the server listens on n (n+1 for the profiled run) and the floor on n+2, so
// engineers sharing a machine can keep apart; without it, free ports the system picks.
const BASE_PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : null;

type Measured = { rps: number; p50: number; p99: number; requests: number; non2xx: number; errors: number; cpuMsPerRequest?: number; dbCpuMsPerRequest?: number };
type Scenario = { label: string; ours: (i: number) => string; floor: (i: number) => string };

const freePort = (offset: number) =>
  BASE_PORT !== null
    ? Promise.resolve(BASE_PORT + offset)
    : new Promise<number>((resolve) => {
        const s = net.createServer().listen(0, "127.0.0.1", () => {
          const { port } = s.address() as net.AddressInfo;
          s.close(() => resolve(port));
        });
      });

/** autocannon over `paths(i)` round robin; each request from one of 256 client addresses (TRUST_PROXY). */
async function load(base: string, paths: (i: number) => string, headers: Record<string, string>, seconds: number): Promise<Measured> {
  let i = 0;
  const result = await autocannon({
    url: base,
    connections: LOAD.connections,
    duration: seconds,
    requests: [
      {
        method: "GET",
        setupRequest: (req) => {
          const n = i++;
          return { ...req, path: paths(n), headers: { ...headers, "x-forwarded-for": `10.9.${(n >> 8) & 255}.${n & 255}` } };
        },
      },
    ],
  });
  return { rps: result.requests.total / seconds, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

/**
 * CPU milliseconds a process has used (user + system, /proc/<pid>/stat, Linux), or null. Unlike
 * req/s it does not move when other work shares the cores: on a shared machine, CPU per request
 * of the server is the steadier measure of what a read costs it.
 */
const TICK_MS = 1000 / (Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100);
function processCpuMs(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime (fields 14 and 15)
  } catch {
    return null;
  }
}

/** CPU milliseconds of the PostgreSQL cluster: its postmaster and every backend it forked. */
let postmasterPid: number | undefined;
function databaseCpuMs(): number | null {
  if (postmasterPid === undefined) return null;
  let total = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ");
      if (Number(entry) === postmasterPid || Number(fields[1]) === postmasterPid) total += (Number(fields[11]) + Number(fields[12])) * TICK_MS; // ppid is field 4
    } catch {
      // the process ended between readdir and read
    }
  }
  return total;
}

async function measure(base: string, paths: (i: number) => string, headers: Record<string, string>, pid?: number) {
  await load(base, paths, headers, LOAD.warmupS);
  const cpuBefore = processCpuMs(pid);
  const dbBefore = databaseCpuMs();
  const measured = await load(base, paths, headers, LOAD.durationS);
  const cpuAfter = processCpuMs(pid);
  const dbAfter = databaseCpuMs();
  if (cpuBefore !== null && cpuAfter !== null && measured.requests) measured.cpuMsPerRequest = (cpuAfter - cpuBefore) / measured.requests;
  if (dbBefore !== null && dbAfter !== null && measured.requests) measured.dbCpuMsPerRequest = (dbAfter - dbBefore) / measured.requests;
  return measured;
}

const line = (label: string, m: Measured) =>
  console.log(
    `  ${label.padEnd(10)} ${f(m.rps, 0).padStart(6)} req/s   p50 ${f(m.p50, 1).padStart(6)} ms   p99 ${f(m.p99, 1).padStart(6)} ms   n=${m.requests}` +
      (m.cpuMsPerRequest !== undefined ? `   cpu ${f(m.cpuMsPerRequest, 3)} ms/req` : "") +
      (m.dbCpuMsPerRequest !== undefined ? `   db ${f(m.dbCpuMsPerRequest, 3)} ms/req` : "") +
      (m.non2xx || m.errors ? `   !! non-2xx ${m.non2xx}, errors ${m.errors}` : ""),
  );

function startFloor(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = BASE_PORT !== null ? String(BASE_PORT + 2) : "0";
  const child = fork(new URL("./lib/floor-child.ts", import.meta.url), { execArgv: ["--import", "tsx"], env: { ...process.env, DATABASE_URL: databaseUrl, FLOOR_PORT: port } });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`floor exited (${code})`)));
    child.once("message", (msg: { port: number }) => resolve({ url: `http://127.0.0.1:${msg.port}`, child }));
  });
}

async function main() {
  // The build `npm start` would make, before anything is measured.
  if (spawnSync("node", ["scripts/ensure-build.mjs"], { stdio: "inherit" }).status !== 0) throw new Error("build failed");
  await withScratchDatabase("http", async ({ dir, databaseUrl, dataDir, authSecret, onCleanup, ...scratch }) => {
    postmasterPid = scratch.postmasterPid;
    const serverEnv = {
      ...process.env,
      NODE_ENV: "production" as const,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      HOSTNAME: "127.0.0.1",
      AUTH_SECRET: authSecret,
      SEED_DEMO: "false",
      // Each request says which of 256 clients sent it, so per-address limits see 256 clients.
      TRUST_PROXY: "true",
      SANDBOX_LATENCY_MS: "0",
      // 32 connections on one API key: the identity API's 30 calls a minute would measure 429s.
      IDENTITY_API_PER_MINUTE: "100000000",
      IDENTITY_RESULT_READS_PER_MINUTE: "1000000000",
    };

    // Seed through the services (as the API would), then what needs the server through its API.
    const { getDb } = await import("@/lib/db/client");
    const { createDocument } = await import("@/lib/services/documents/create-document");
    const { createWorkFolder } = await import("@/lib/services/work-folders/create-work-folder");
    const { createDocumentInput } = await import("@/lib/schemas/signing");
    const { makePdf, defaultFolderId } = await import("@/test/factories/documents");
    const postgres = (await import("postgres")).default;
    const { user, actor, headers } = await seedBenchUser();
    const folder = await defaultFolderId(actor);
    for (let i = 0; i < 4; i++) await createWorkFolder(getDb(), actor, { name: `Carpeta ${i} — Ñandú` });
    const pdf = await makePdf(2);
    const input = createDocumentInput.parse({
      signatures: [
        { name: "Begoña Núñez", email: "begona@example.com" },
        { name: "José Ángel Peña", email: "jose@example.com", phone: "5512345678" },
      ],
      spectators: [{ name: "Íñigo Sáenz", email: "inigo@example.com" }],
      notification_mode: "DISABLED",
    });
    const documents: string[] = [];
    for (let i = 0; i < DOCUMENTS; i++) documents.push(await createDocument(getDb(), actor, folder, { ...input, file_name: `Contrato ${i}.pdf` }, { bytes: pdf }));
    const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
    onCleanup(() => sql.end({ timeout: 5 }));
    const links = (await sql<{ id: string }[]>`select id from signatories order by document_id, position`).map((r) => r.id);

    let server = await startServer(serverEnv, await freePort(0));
    onCleanup(() => server.stop());
    const post = async (p: string, body: object) => {
      const res = await fetch(`${server.url}${p}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
      if (res.status !== 201 && res.status !== 200) throw new Error(`POST ${p}: ${res.status} ${await res.text()}`);
      const answer = (await res.json()) as { data?: { id?: string; uuid?: string }; uuid?: string; id?: string };
      return answer.data?.id ?? answer.data?.uuid ?? answer.uuid ?? answer.id!;
    };
    const sessions: string[] = [];
    for (let i = 0; i < SESSIONS; i++) sessions.push(await post("/identity/v2/identity/sessions", { validations: ["INE", "CURP"], redirect_url: "https://example.com/listo" }));
    const receipts: string[] = [];
    for (let i = 0; i < RECEIPTS; i++) receipts.push(await post("/identity/v1/miscellaneous/electricity/recibo", { numero_servicio: "123456789012", nombre_titular: "MARIA GUADALUPE PEREZ LOPEZ", importe: "1234.50" }));

    const floor = await startFloor(databaseUrl);
    onCleanup(() => floor.child.kill());
    const pick = (list: string[]) => (i: number) => list[i % list.length]!;
    const scenarios: Scenario[] = [
      { label: `GET /v1/documents/{uuid} (${DOCUMENTS} documents, round robin)`, ours: (i) => `/v1/documents/${pick(documents)(i)}`, floor: (i) => `/v1/documents/${pick(documents)(i)}` },
      { label: `GET /v1/containers/{uuid}/documents (page 0 of ${DOCUMENTS})`, ours: () => `/v1/containers/${folder}/documents`, floor: () => `/v1/containers/${folder}/documents` },
      { label: "GET /v1/companies (5 folders)", ours: () => "/v1/companies", floor: () => `/v1/companies?user=${user.id}` },
      { label: `GET /identity/v2/identity/sessions/{id} (${SESSIONS})`, ours: (i) => `/identity/v2/identity/sessions/${pick(sessions)(i)}`, floor: (i) => `/identity/v2/identity/sessions/${pick(sessions)(i)}` },
      { label: `GET …/electricity/recibo/{uuid} (${RECEIPTS})`, ours: (i) => `/identity/v1/miscellaneous/electricity/recibo/${pick(receipts)(i)}`, floor: (i) => `/identity/v1/miscellaneous/electricity/recibo/${pick(receipts)(i)}` },
      { label: `GET /v1/signatures/{id}, public link (${links.length} links)`, ours: (i) => `/v1/signatures/${pick(links)(i)}`, floor: (i) => `/v1/signatures/${pick(links)(i)}` },
    ];
    for (const s of scenarios) {
      for (const [base, p] of [[server.url, s.ours(0)], [floor.url, s.floor(0)]] as const) {
        const res = await fetch(`${base}${p}`, { headers });
        if (res.status !== 200) throw new Error(`sanity check ${base}${p}: ${res.status} ${(await res.text()).slice(0, 300)}`);
      }
    }

    console.log(`node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), load average ${os.loadavg().map((l) => f(l)).join(" ")}`);
    console.log(`autocannon, ${LOAD.connections} connections, ${LOAD.warmupS} s warm-up + ${LOAD.durationS} s measured per line; server, floor, PostgreSQL and load generator share the cores.`);
    console.log("'ours'    = server.ts as `npm start` runs it (production build, worker on, API key auth, rate limits, request log).");
    console.log("'no-work' = GET /api/health of the same server (routing + our route wrapper + `select 1`).");
    console.log("'floor'   = node:http + postgres.js, hand-written SQL for the same rows, no auth or validation (own process).\n");
    const health = () => measure(server.url, () => "/api/health", {}, server.pid);
    const noWorkBefore = await health();
    line("no-work", noWorkBefore);
    const table: { label: string; ours: Measured; floor: Measured }[] = [];
    for (const s of scenarios.filter((_, i) => !ONLY || ONLY.has(i + 1))) {
      console.log(s.label);
      const ours = await measure(server.url, s.ours, headers, server.pid);
      line("ours", ours);
      const bare = await measure(floor.url, s.floor, headers, floor.child.pid);
      line("floor", bare);
      table.push({ label: s.label, ours, floor: bare });
    }
    const noWorkAfter = await health();
    line("no-work", noWorkAfter);
    const noWork = (noWorkBefore.rps + noWorkAfter.rps) / 2;

    console.log(`\n== Summary (no-work = ${f(noWork, 0)} req/s, mean of before and after) ==`);
    console.log(`  ${"read".padEnd(58)} ${"ours".padStart(6)} ${"floor".padStart(6)}  ours/no-work  ours/floor  p99 ours`);
    for (const r of table)
      console.log(`  ${r.label.slice(0, 58).padEnd(58)} ${f(r.ours.rps, 0).padStart(6)} ${f(r.floor.rps, 0).padStart(6)}  ${f(r.ours.rps / noWork).padStart(11)}x  ${f(r.ours.rps / r.floor.rps).padStart(9)}x  ${f(r.ours.p99, 1).padStart(6)} ms`);
    // The same comparison in server CPU per request (load-independent): no-work's CPU per request
    // over ours is the req/s ratio a server bound by its own CPU would show.
    const noWorkCpu = [noWorkBefore, noWorkAfter].map((m) => m.cpuMsPerRequest).filter((c): c is number => c !== undefined);
    if (noWorkCpu.length === 2 && table.every((r) => r.ours.cpuMsPerRequest !== undefined)) {
      const base = (noWorkCpu[0]! + noWorkCpu[1]!) / 2;
      console.log(`\n== Server CPU per request (no-work = ${f(base, 3)} ms, mean of before and after) ==`);
      // PostgreSQL's CPU per request beside it: on one machine the database's work is paid from the same cores.
      console.log(`  ${"read".padEnd(58)} ${"ours ms".padStart(8)} ${"floor ms".padStart(9)}  no-work/ours  ${"db ours".padStart(8)} ${"db floor".padStart(9)}`);
      for (const r of table)
        console.log(
          `  ${r.label.slice(0, 58).padEnd(58)} ${f(r.ours.cpuMsPerRequest!, 3).padStart(8)} ${f(r.floor.cpuMsPerRequest ?? NaN, 3).padStart(9)}  ${f(base / r.ours.cpuMsPerRequest!).padStart(11)}x  ${f(r.ours.dbCpuMsPerRequest ?? NaN, 3).padStart(8)} ${f(r.floor.dbCpuMsPerRequest ?? NaN, 3).padStart(9)}`,
        );
    }

    const profiled = PROFILE ? scenarios[PROFILE - 1] : undefined;
    if (profiled) {
      // Where a read's time goes: the same server again under V8's sampling profiler.
      await server.stop();
      const profileDir = path.join(dir, "profile");
      server = await startServer(serverEnv, await freePort(1), ["--cpu-prof", `--cpu-prof-dir=${profileDir}`]);
      const loadStartedUs = Number(process.hrtime.bigint() / 1000n);
      await measure(server.url, profiled.ours, headers);
      await server.stop();
      const profiles = fs.existsSync(profileDir) ? fs.readdirSync(profileDir).map((name) => path.join(profileDir, name)) : [];
      const biggest = profiles.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
      if (!biggest) console.log("\n(no CPU profile was written)");
      else {
        if (process.env.BENCH_PROFILE_OUT) fs.copyFileSync(biggest, process.env.BENCH_PROFILE_OUT);
        console.log(`\n== CPU profile of the server during ${LOAD.warmupS + LOAD.durationS} s of ${profiled.label} (self time, from the first request on) ==`);
        summariseProfile(JSON.parse(fs.readFileSync(biggest, "utf8")), process.cwd(), { fromUs: loadStartedUs });
      }
    }
  });
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
