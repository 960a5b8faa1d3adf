// Rúbrica's launcher (`npm start`): database (embedded or DATABASE_URL), migrations, demo seed,
// Next.js, and the job workers, in one process. `npm run worker` runs workers alone.
import http from "node:http";
import { env } from "@/lib/env";
import { getDb, closeDb } from "@/lib/db/client";
import { closeQueue, getBoss } from "@/lib/jobs/queue";
import { startWorker, stopWorker } from "@/lib/jobs/worker";
import { canonicalApiUrl } from "@/lib/http/api-aliases";
import { refuseMalformedPath } from "@/lib/http/malformed-path";
import { gateServerAction, mayBeServerAction, refuseAction } from "@/lib/http/server-action-gate";
import { PEER_ADDRESS_HEADER } from "@/lib/http/rate-limit";
import { logger } from "@/lib/logger";
import { warmFrontReading } from "@/lib/adapters/ocr/front-reading-pool";
import { loadDemoLogin, saveDemoLogin } from "@/lib/runtime/demo-login";
import { openDatabase } from "@/lib/runtime/open-database";
import { onShutdown, shutdownUnderway } from "@/lib/runtime/shutdown";
import { auditEventsWritten } from "@/lib/services/audit/record-audit-event-later";
import { seedDemo } from "@/lib/services/seed/seed-demo";
import { configuredPlatformKeys } from "@/lib/services/signing/signing-environment";

async function main() {
  const dev = process.argv.includes("--dev");
  // React and Next pick their production builds from NODE_ENV, so set it before loading Next.
  (process.env as Record<string, string | undefined>).NODE_ENV ??= dev ? "development" : "production";
  const { default: next } = await import("next");
  const started = performance.now();
  // Seal and TSA keys given as PKCS#12: a wrong path or password stops the start (before any
  // database is started), not the first seal.
  await configuredPlatformKeys();
  const database = await openDatabase();
  // From here on a signal stops what is running, the database last: installed before anything
  // says it is ready, or a signal right after that (a test's, a person's Ctrl+C) would meet the
  // default action and kill the process with its PostgreSQL still up. Order matters: stop
  // taking requests, let running jobs finish, then close the database.
  let server: http.Server | null = null;
  onShutdown(
    [
      { name: "http", run: () => new Promise<void>((resolve) => { if (!server) return resolve(); server.close(() => resolve()); server.closeAllConnections(); }) },
      // Views and picture reads whose answers did not wait for their audit events (record-audit-event-later.ts).
      { name: "audit events", run: auditEventsWritten },
      { name: "worker", run: stopWorker },
      { name: "queue", run: closeQueue },
      { name: "db pool", run: closeDb },
      { name: "database", run: database.close, always: true },
    ],
    (msg) => logger().info(msg),
  );
  const settings = env();
  if (settings.SEED_DEMO) {
    const login = await seedDemo(getDb());
    if (login) saveDemoLogin(settings.DATA_DIR, login);
  }
  await getBoss();

  const app = next({ dev, dir: process.cwd(), hostname: settings.HOSTNAME, port: settings.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();
  server = http.createServer((req, res) => {
    // Every answer, Next's or ours, is to be read as the type it declares (no MIME sniffing).
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (refuseMalformedPath(req, res)) return;
    req.url = canonicalApiUrl(req.url ?? "/");
    // Route handlers cannot see the socket: pass the peer address on (rate limits, audit),
    // overwriting any header of that name a client sent. X-Forwarded-For and X-Real-IP are
    // believed only with TRUST_PROXY (lib/http/rate-limit.ts).
    req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
    // Server actions (fetch and form): cross-site and undecodable bodies refused before Next (server-action-gate.ts).
    if (mayBeServerAction(req)) {
      void gateServerAction(req)
        .then((gate) => ("req" in gate ? handle(gate.req, res) : refuseAction(res, gate)))
        .catch(() => res.destroy());
      return;
    }
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.PORT, settings.HOSTNAME, resolve);
  });
  if (settings.RUN_WORKER) await startWorker();
  // The INE front reading thread and its OCR engines load now, not during the first identity check (not awaited: the
  // server answers meanwhile; a failure here is retried at the first front read).
  void warmFrontReading().catch((err: unknown) => logger().warn({ err }, "INE front OCR not warmed"));

  const readyMs = Math.round(performance.now() - started);
  logger().info({ url: settings.APP_URL, database: database.mode, worker: settings.RUN_WORKER, readyMs }, "ready");
  const demo = settings.SEED_DEMO ? loadDemoLogin(settings.DATA_DIR) : null;
  console.log(`\n  Rúbrica is running at ${settings.APP_URL}  (ready in ${readyMs} ms, database: ${database.mode})`);
  if (demo) console.log(`  Demo login: ${demo.email} / ${demo.password}   API key: ${demo.apiKey}`);
  console.log(`  API reference: ${settings.APP_URL}/docs\n`);

}

main().catch((err) => {
  // A start cut short by a signal: the shutdown under way ends the process.
  if (shutdownUnderway()) return;
  console.error(err);
  process.exit(1);
});
