// `npm run worker`: job workers without the web server, for scaling out. Uses DATABASE_URL, or
// the embedded cluster of DATA_DIR (attaching to it when the app already runs it).
import { closeDb } from "@/lib/db/client";
import { closeQueue } from "@/lib/jobs/queue";
import { startWorker, stopWorker } from "@/lib/jobs/worker";
import { logger } from "@/lib/logger";
import { openDatabase } from "@/lib/runtime/open-database";
import { onShutdown, shutdownUnderway } from "@/lib/runtime/shutdown";
import { configuredPlatformKeys } from "@/lib/services/signing/signing-environment";

async function main() {
  // The worker seals: a wrong PKCS#12 path or password stops it here with a clear message.
  await configuredPlatformKeys();
  const database = await openDatabase();
  // Before the worker says it started: a signal right after that would otherwise meet the
  // default action and kill the process with its PostgreSQL still up (server.ts does the same).
  onShutdown(
    [
      { name: "worker", run: stopWorker },
      { name: "queue", run: closeQueue },
      { name: "db pool", run: closeDb },
      { name: "database", run: database.close, always: true },
    ],
    (msg) => logger().info(msg),
  );
  await startWorker();
  console.log(`Rúbrica worker running (database: ${database.mode}). Ctrl+C stops it.`);
}

main().catch((err) => {
  // A start cut short by a signal: the shutdown under way ends the process.
  if (shutdownUnderway()) return;
  console.error(err);
  process.exit(1);
});
