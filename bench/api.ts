// `npx tsx bench/api.ts`: throughput and latency of GET /v1/documents/{uuid} and of the folder
// listing GET /v1/containers/{uuid}/documents over real HTTP, against a floor measured in the same
// run (hand-written SQL through postgres.js); then listing latency in folders of 10k and 1M
// documents with EXPLAIN of its queries, and what-ifs for the problems found. Throwaway embedded
// PostgreSQL; prints numbers, asserts nothing about time. Takes about 4 minutes on 2 cores.
import os from "node:os";
import postgres from "postgres";
import { bulkFillFolder, folderCounts } from "./lib/bulk";
import { startLoadGenerator, type LoadJob, type LoadResult } from "./lib/load";
import { explain, listingQueries, medianMs, run } from "./lib/queries";
import { check, f, forcePreparedStatements, printExplain, row } from "./lib/report";
import { seedBenchUser, withScratchDatabase } from "./lib/scratch";
import { serveFloor, serveHandlers } from "./lib/servers";

const SERVICE_DOCUMENTS = 300;
const HOT = { concurrency: 50, warmupMs: 1000, durationMs: 5000 };
const SEQUENTIAL = { concurrency: 1, warmupMs: 500, durationMs: 3000, minRequests: 5 };
const BIG = { "10k": 10_000, "1M": 1_000_000 } as const;
const DEEP_PAGE = 400;

async function main() {
  const started = performance.now();
  await withScratchDatabase("api", async ({ databaseUrl: url, onCleanup }) => {
    const { getDb } = await import("@/lib/db/client");
    const { createDocument } = await import("@/lib/services/documents/create-document");
    const { createWorkFolder } = await import("@/lib/services/work-folders/create-work-folder");
    const { createDocumentInput } = await import("@/lib/schemas/signing");
    const { makePdf, defaultFolderId } = await import("@/test/factories/documents");
    const documentGET = (await import("@/app/v1/documents/[uuid]/route")).GET;
    const listingGET = (await import("@/app/v1/containers/[uuid]/documents/route")).GET;

    const { actor, key } = await seedBenchUser();
    const headers = { "x-api-key": key };
    const folder = await defaultFolderId(actor);

    // Documents through the service, as the API creates them (notices off: no pg-boss in the bench).
    const pdf = await makePdf(2);
    const input = createDocumentInput.parse({
      signatures: [
        { name: "Begoña Núñez", email: "begona@example.com" },
        { name: "José Ángel Peña", email: "jose@example.com", phone: "5512345678" },
      ],
      spectators: [{ name: "Íñigo Sáenz", email: "inigo@example.com" }],
      notification_mode: "DISABLED",
    });
    let t = performance.now();
    const ids: string[] = [];
    for (let i = 0; i < SERVICE_DOCUMENTS; i++) ids.push(await createDocument(getDb(), actor, folder, { ...input, file_name: `Contrato Ñandú ${i}.pdf` }, { bytes: pdf }));
    const seedMs = performance.now() - t;

    const sql = postgres(url, { max: 10, onnotice: () => {} }); // the floor's pool: the same size as lib/db/client.ts
    onCleanup(() => sql.end({ timeout: 5 }));
    const ours = await serveHandlers({ document: documentGET, listing: listingGET });
    onCleanup(ours.close);
    const floor = await serveFloor(sql);
    onCleanup(floor.close);
    const load = startLoadGenerator();
    onCleanup(load.close);
    const measure = (urls: string[], shape: Omit<LoadJob, "urls" | "headers">) => load.run({ urls, headers, ...shape });
    const docUrls = (base: string) => ids.map((id) => `${base}/v1/documents/${id}`);
    const listUrl = (base: string, folderId: string, page = 0) => `${base}/v1/containers/${folderId}/documents${page ? `?page=${page}` : ""}`;
    const hotScenarios = [
      [`GET /v1/documents/{uuid} (${SERVICE_DOCUMENTS} docs, round robin)`, docUrls],
      [`GET /v1/containers/{uuid}/documents (page 0, size 20, ${SERVICE_DOCUMENTS} docs in folder)`, (base: string) => [listUrl(base, folder)]],
    ] as const;

    console.log(`node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), load average ${os.loadavg().map((l) => f(l)).join(" ")}`);
    console.log("Embedded PostgreSQL (fsync off); requests authenticated with a real API key (X-Api-Key).");
    console.log("The load generator (own process, node:http keep-alive), the server (one Node process) and PostgreSQL share these cores.");
    console.log("'ours'  = our App Router handlers served from a plain node:http server (IncomingMessage -> Request), without Next's router.");
    console.log("'floor' = node:http + hand-written SQL via postgres.js + JSON.stringify; no auth, membership, zod or spectators. Both pools max 10.");
    console.log("'server CPU' = CPU time of the process running both servers, per request (warm-up included).");
    console.log(`seed: ${SERVICE_DOCUMENTS} documents (2 signatories, 1 spectator) via createDocument in ${f(seedMs / 1000, 1)} s (${f(seedMs / SERVICE_DOCUMENTS, 1)} ms each)`);

    // 1 + 2. Per-document and listing throughput, ours vs the floor.
    for (const base of [ours.url, floor.url]) {
      await check(docUrls(base)[0]!, headers, (b) => (b.data as { id: string }).id === ids[0]);
      await check(listUrl(base, folder), headers, (b) => (b.data as unknown[]).length === 20);
    }
    console.log(`\n== ${HOT.concurrency} concurrent connections, ${HOT.warmupMs / 1000} s warm-up + ${HOT.durationMs / 1000} s measured each ==`);
    console.log("('prepared' = what-if, bench process only: drizzle's queries sent as named prepared statements; see the end)");
    for (const [label, urlsOf] of hotScenarios) {
      console.log(label);
      const a = await measure(urlsOf(ours.url), HOT);
      row("ours", a);
      const b = await measure(urlsOf(floor.url), HOT);
      row("floor", b);
      const restore = forcePreparedStatements();
      const c = await measure(urlsOf(ours.url), HOT);
      restore();
      row("ours, prepared (what-if)", c);
      console.log(`  ours/floor: req/s ${f(a.rps / b.rps)}x, p50 ${f(a.p50 / b.p50)}x;  prepared/ours: req/s ${f(c.rps / a.rps)}x, p50 ${f(c.p50 / a.p50)}x`);
    }

    // 3. Big folders, loaded in bulk with SQL.
    const folders: Record<string, string> = {};
    // No autovacuum in the middle of the load or of a measurement: VACUUM is run explicitly below.
    for (const table of ["documents", "signatories", "spectators"]) await sql.unsafe(`alter table ${table} set (autovacuum_enabled = off)`);
    console.log(`\n== Folders of 10k and 1M documents: one INSERT ... SELECT per table, copies of one service-made document ==`);
    for (const [name, n] of Object.entries(BIG)) {
      folders[name] = (await createWorkFolder(getDb(), actor, { name: `bench ${name}` })).id;
      const s = await bulkFillFolder(sql, folders[name]!, ids[0]!, n);
      const c = await folderCounts(sql, folders[name]!);
      console.log(
        `  ${name}: ${c.documents} documents, ${c.signatories} signatories, ${c.spectators} spectators in ${f(s.total, 1)} s ` +
          `(documents ${f(s.documents, 1)} s, signatories ${f(s.signatories, 1)} s, spectators ${f(s.spectators, 1)} s)`,
      );
    }
    t = performance.now();
    await sql`analyze`;
    const [sizes] = await sql<{ documents: string; signatories: string }[]>`
      select pg_size_pretty(pg_total_relation_size('documents')) as documents, pg_size_pretty(pg_total_relation_size('signatories')) as signatories`;
    console.log(`  ANALYZE ${f((performance.now() - t) / 1000, 1)} s; size with indexes: documents ${sizes!.documents}, signatories ${sizes!.signatories}`);

    const listing = (name: keyof typeof BIG, page = 0) => listingQueries(sql, actor, folders[name]!, page);
    const countAlone = async (name: keyof typeof BIG) => {
      const { count } = await listing(name);
      return medianMs(9, () => run(sql, count));
    };
    console.log("count(*) for totalItems alone (median of 9), right after the load (visibility map not set yet):");
    for (const name of ["10k", "1M"] as const) console.log(`  ${name}: ${f(await countAlone(name))} ms`);
    t = performance.now();
    await sql`vacuum (analyze) documents, signatories, spectators`;
    console.log(`VACUUM (ANALYZE) documents, signatories, spectators: ${f((performance.now() - t) / 1000, 1)} s (what autovacuum would do); all below is after it`);

    const sequential = async (name: keyof typeof BIG, servers: [string, string][]) => {
      const countMs = await countAlone(name);
      for (const page of [0, DEEP_PAGE]) {
        console.log(`${name} folder, page ${page} (offset ${page * 20}); count(*) alone ${f(countMs)} ms`);
        const results: LoadResult[] = [];
        for (const [label, base] of servers) {
          await check(listUrl(base, folders[name]!, page), headers, (b) => (b.data as unknown[]).length === 20);
          results.push(await measure([listUrl(base, folders[name]!, page)], SEQUENTIAL));
          row(label, results.at(-1)!);
        }
        const [a, b] = results;
        console.log(`  ${b ? `ours/floor p50 ${f(a!.p50 / b.p50)}x; ` : ""}count(*) alone is ${f((100 * countMs) / a!.p50, 0)}% of ours p50`);
      }
    };
    const seqLabel = `${SEQUENTIAL.warmupMs / 1000} s warm-up + ${SEQUENTIAL.durationMs / 1000} s measured, at least ${SEQUENTIAL.minRequests} requests`;
    console.log(`\n== Listing latency, sequential (1 connection), ${seqLabel} ==`);
    for (const name of ["10k", "1M"] as const) await sequential(name, [["ours", ours.url], ["floor", floor.url]]);

    console.log("\n== EXPLAIN (ANALYZE, BUFFERS) of the listing's queries (as list-folder-documents.ts builds them) ==");
    printExplain("10k page 0", await explain(sql, (await listing("10k")).page), false);
    printExplain("1M page 0", await explain(sql, (await listing("1M")).page));
    printExplain(`1M page ${DEEP_PAGE}`, await explain(sql, (await listing("1M", DEEP_PAGE)).page));
    printExplain(`1M page ${DEEP_PAGE}, its documents' views (documents not yet rendered)`, await explain(sql, (await listing("1M", DEEP_PAGE)).views));
    printExplain("1M count(*), which the kept count replaced", await explain(sql, (await listing("1M")).count));

    console.log("\n== Costs behind the numbers, and what-ifs (lib/ untouched) ==");
    const capped = await medianMs(9, () => sql`select count(*) from (select 1 from documents where folder_id = ${folders["1M"]!} limit 10001) t`);
    console.log(`a capped count instead of count(*) (at most 10,001 rows counted, shown as "10000+"): ${f(capped)} ms at 1M`);

    console.log("'prepared' above: drizzle passes prepare: false for queries not built with .prepare(), so postgres.js describes each");
    console.log("  parameterized statement in a round trip of its own before running it, and PostgreSQL parses and plans it every time.");
    console.log(`\ntotal bench time ${f((performance.now() - started) / 1000, 1)} s; load average at the end ${os.loadavg().map((l) => f(l)).join(" ")}`);
  });
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
