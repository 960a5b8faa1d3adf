// Load-generator process, forked by load.ts so it does not share an event loop with the server
// under test: `concurrency` loops, each sending its next GET as soon as the previous answer is
// read, over keep-alive sockets. Requests started during the warm-up are not counted; loops stop
// after the measured window once `minRequests` (if given) have been measured.
import http from "node:http";
import type { ChildResult, LoadJob } from "./load";

function get(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ agent, host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

async function run(job: LoadJob): Promise<ChildResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
  const urls = job.urls.map((u) => new URL(u));
  const start = performance.now();
  const measureFrom = start + job.warmupMs;
  const end = measureFrom + job.durationMs;
  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let all = 0;
  let lastEnd = end;
  const loop = async (i: number) => {
    const more = () => (performance.now() < end || samples.length < (job.minRequests ?? 0)) && errors < 100;
    for (let n = i; more(); n += job.concurrency) {
      const t = performance.now();
      try {
        const status = await get(agent, urls[n % urls.length]!, job.headers);
        all++;
        if (t >= measureFrom) {
          const done = performance.now();
          lastEnd = Math.max(lastEnd, done);
          samples.push(done - t);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, (_, i) => loop(i)));
  agent.destroy();
  samples.sort((a, b) => a - b);
  const p = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? NaN;
  const elapsedMs = lastEnd - measureFrom;
  return { requests: samples.length, allRequests: all, rps: samples.length / (elapsedMs / 1000), elapsedMs, p50: p(0.5), p99: p(0.99), statuses, errors };
}

process.on("message", (job: LoadJob) => {
  run(job).then(
    (result) => process.send!(result),
    (err: unknown) => process.send!({ error: String(err) }),
  );
});
