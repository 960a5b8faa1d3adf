import { fork, type ChildProcess } from "node:child_process";

export type LoadJob = { urls: string[]; headers: Record<string, string>; concurrency: number; warmupMs: number; durationMs: number; minRequests?: number };
export type ChildResult = { requests: number; allRequests: number; rps: number; elapsedMs: number; p50: number; p99: number; statuses: Record<string, number>; errors: number };
/** serverCpuMs: CPU time of this process (where the servers run) per request, warm-up included. */
export type LoadResult = ChildResult & { serverCpuMs: number };

/** A load generator in its own process (load-child.ts); run() one job at a time. */
export function startLoadGenerator() {
  const child: ChildProcess = fork(new URL("./load-child.ts", import.meta.url), { execArgv: ["--import", "tsx"] });
  return {
    run(job: LoadJob): Promise<LoadResult> {
      const cpu = process.cpuUsage();
      return new Promise((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`load generator exited (${code})`));
        child.once("exit", onExit);
        child.once("message", (msg: ChildResult | { error: string }) => {
          child.off("exit", onExit);
          const used = process.cpuUsage(cpu);
          if ("error" in msg) reject(new Error(msg.error));
          else resolve({ ...msg, serverCpuMs: (used.user + used.system) / 1000 / msg.allRequests });
        });
        child.send(job);
      });
    },
    close() {
      if (child.exitCode === null) child.kill();
    },
  };
}
