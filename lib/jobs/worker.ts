import PgBoss from "pg-boss";
import postgres from "postgres";
import { closeMrzReader } from "@/lib/adapters/ocr/mrz-reader";
import { closeIneFrontReader } from "@/lib/adapters/ocr/ine-front-reader";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { deliverWebhookJob } from "./deliver-webhook";
import type { JobDefinition } from "./job";
import { createQueues, JOBS_CHANNEL } from "./queue";
import { notifySignatoriesJob } from "./notify-signatories";
import { sealDocumentJob, sweepSealsJob } from "./seal-document";
import { sendMessageJob } from "./send-message";
import { sendRemindersJob } from "./send-reminders";
import { validateIneJob } from "./validate-ine";
import { failAbandonedSessionsJob } from "./fail-abandoned-sessions";
import { sweepRateLimitsJob } from "./sweep-rate-limits";
import { checkIdentitySessionJob } from "./check-identity-session";
import { validateReceiptJob } from "./validate-receipt";
import { bulkSendJob } from "./bulk-send";

export const JOBS = [deliverWebhookJob, sendMessageJob, notifySignatoriesJob, sendRemindersJob, sealDocumentJob, sweepSealsJob, validateReceiptJob, validateIneJob, failAbandonedSessionsJob, checkIdentitySessionJob, sweepRateLimitsJob, bulkSendJob] as JobDefinition[];

const KEY = Symbol.for("rubrica.worker");
const store = globalThis as unknown as { [KEY]?: { boss: PgBoss; listener: postgres.Sql } };

/**
 * Runs every job's handler in this process. Several processes may do this against one database:
 * pg-boss hands each job to exactly one of them (SKIP LOCKED). This instance also runs pg-boss
 * maintenance (expiry, archiving), which web-only processes leave alone.
 */
export async function startWorker(): Promise<void> {
  if (store[KEY]) return;
  // Maintenance (one instance at a time across all workers) is what fails expired jobs over to a
  // retry: every 30 s rather than pg-boss's 2 minutes, so a dead worker's seal resumes soon.
  const boss = new PgBoss({ connectionString: env().DATABASE_URL!, max: 6, maintenanceIntervalSeconds: 30 });
  boss.on("error", (err) => logger().error({ err }, "pg-boss worker error"));
  await boss.start();
  await createQueues(boss);
  const workerIds = new Map<string, string>();
  for (const job of JOBS) {
    const concurrency = job.concurrency ?? 1;
    // pg-boss waits a polling interval after every fetch; a full batch means more are probably
    // waiting, so the worker is told to fetch again at once: a busy queue drains without pauses.
    let workerId = "";
    workerId = await boss.work(job.queue, { batchSize: concurrency, pollingIntervalSeconds: 1 }, async (batch) => {
      if (batch.length === concurrency && workerId) boss.notifyWorker(workerId);
      const outcomes = await Promise.allSettled(batch.map((raw) => runJob(job, raw)));
      // A batch completes as a whole when this returns; failed jobs are failed one by one first
      // (pg-boss completes only jobs still active), so each is retried alone.
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome.status === "rejected") await boss.fail(job.queue, batch[i]!.id, { message: String((outcome.reason as Error)?.message ?? outcome.reason) });
      }
    });
    workerIds.set(job.queue, workerId);
  }
  for (const job of JOBS) if (job.schedule) await boss.schedule(job.queue, job.schedule, {}, { tz: "UTC" });
  // A job enqueued in any process wakes its queue's worker here at once (NOTIFY at commit):
  // a webhook leaves within milliseconds of the change it reports, not at the next poll. The
  // poll stays as the fallback (a notice lost while reconnecting, delayed retries).
  const listener = postgres(env().DATABASE_URL!, { max: 1, onnotice: () => {}, connection: { application_name: "rubrica-worker-listen" } });
  await listener.listen(JOBS_CHANNEL, (queue) => {
    const id = workerIds.get(queue);
    if (id) boss.notifyWorker(id);
  });
  store[KEY] = { boss, listener };
  logger().info({ queues: JOBS.map((j) => j.queue) }, "worker started");
}

async function runJob(job: JobDefinition, raw: PgBoss.Job<unknown>): Promise<void> {
  const started = performance.now();
  try {
    await job.handle(job.payload.parse(raw.data));
    logger().info({ queue: job.queue, jobId: raw.id, ms: Math.round(performance.now() - started) }, "job done");
  } catch (err) {
    logger().warn({ queue: job.queue, jobId: raw.id, err }, "job failed; pg-boss retries it");
    throw err;
  }
}

/** Graceful: stops fetching, waits for running handlers, then closes the worker's connections. */
export async function stopWorker(): Promise<void> {
  const running = store[KEY];
  store[KEY] = undefined;
  if (running) {
    await running.listener.end({ timeout: 5 });
    await running.boss.stop({ graceful: true, wait: true, timeout: 20_000 });
  }
  // The OCR engine runs in a worker thread, which would keep the process alive.
  await Promise.all([closeMrzReader(), closeIneFrontReader()]);
}
