import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * One of our entry points (server.ts, scripts/worker.ts) started the way `npm start` and
 * `npm run worker` start it (`node --import tsx …`), in a process group of its own, on an
 * embedded PostgreSQL in dataDir: never the test run's DATABASE_URL.
 */
export function launch(args: string[], opts: { dataDir: string; port?: number; command?: string[] }) {
  const env = {} as NodeJS.ProcessEnv;
  for (const [k, v] of Object.entries(process.env)) if (!/^(DATABASE_URL|NODE_ENV|AUTH_SECRET|VITEST.*|TEST)$/.test(k)) env[k] = v;
  Object.assign(env, {
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: "info",
    SEED_DEMO: "false",
    HOSTNAME: "127.0.0.1",
    ...(opts.port ? { PORT: String(opts.port), APP_URL: `http://127.0.0.1:${opts.port}` } : {}),
  });
  const command = opts.command ?? [process.execPath, "--import", "tsx"];
  const child = spawn(command[0]!, [...command.slice(1), ...args], { cwd: process.cwd(), env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (b: Buffer) => (output += b.toString()));
  child.stderr!.on("data", (b: Buffer) => (output += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * Resolves when check() is true; rejects with what the process printed when time runs out, or
 * when it exits first (unless it is expected to be gone: `afterExit`).
 */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, proc: { child: ChildProcess; output: () => string }, limitMs: number, afterExit = false) {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (await check()) return;
    if (!afterExit && proc.child.exitCode !== null) throw new Error(`exited (${proc.child.exitCode}) before ${what}:\n${proc.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${what} within ${limitMs} ms:\n${proc.output().slice(-3000)}`);
}

/** Every process whose command line runs PostgreSQL on this data directory (read from /proc). */
export function postgresOf(dataDir: string): number[] {
  const cluster = path.join(dataDir, "postgres");
  const found: number[] = [];
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    let cmdline: string[];
    try {
      cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    } catch {
      continue; // gone meanwhile
    }
    const d = cmdline.indexOf("-D");
    if (path.basename(cmdline[0] ?? "") === "postgres" && d !== -1 && path.resolve(cmdline[d + 1] ?? "") === cluster) found.push(Number(pid));
  }
  return found;
}

/** Whether anything accepts connections on 127.0.0.1:port. */
export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => { socket.destroy(); resolve(true); });
    socket.once("error", () => resolve(false));
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Whether any process of the group is still alive. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}
