import { sql, type SQL } from "drizzle-orm";
import PgBoss from "pg-boss";
import postgres from "postgres";
import { getDb, type DbOrTx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";

/**
 * The one pg-boss instance of this process, on the same PostgreSQL as the data. Services only
 * enqueue through here; lib/jobs/worker.ts runs the handlers. Kept on globalThis because the
 * launcher and Next's server bundle load this module as two copies in one process.
 */
const KEY = Symbol.for("rubrica.boss");
const store = globalThis as unknown as { [KEY]?: Promise<PgBoss> };

// pg-boss retries cover a crash or an exception in the middle of a job; jobs are idempotent.
// A job whose worker died (SIGKILL, lost machine) stays active until it expires: pg-boss's
// default is 15 minutes, so seals and webhooks, the jobs people wait for, expire sooner. Both are
// safe to run again while a slow first run still goes on (the seal commits once, a delivery is
// skipped once it succeeded), and both take seconds: a minute, or two past WEBHOOK_TIMEOUT_MS's
// default, is ample.
export const QUEUES = {
  "deliver-webhook": { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  "send-message": { retryLimit: 5, retryDelay: 60, retryBackoff: true },
  "notify-signatories": { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  "send-reminders": { retryLimit: 2, retryDelay: 30 },
  "seal-document": { retryLimit: 10, retryDelay: 15, retryBackoff: true, expireInSeconds: 60 },
  "sweep-seals": { retryLimit: 1, retryDelay: 60 },
  // Above the services' attempt limits (4), so the last attempt is the service's, which writes
  // ERROR/failed; backoff 15 s, 30 s, 60 s: a portal down for good ends in ERROR in about 2 min.
  "validate-receipt": { retryLimit: 6, retryDelay: 15, retryBackoff: true },
  "validate-ine": { retryLimit: 6, retryDelay: 15, retryBackoff: true },
  "fail-abandoned-sessions": { retryLimit: 1, retryDelay: 60 },
  "sweep-rate-limits": { retryLimit: 1, retryDelay: 60 },
  // Above CHECK_MAX_ATTEMPTS (4), as validate-ine.
  "check-identity-session": { retryLimit: 6, retryDelay: 15, retryBackoff: true },
  // A 10,000-row send takes minutes; a retry goes on from the rows still PENDING (run-bulk-send.ts).
  "bulk-send": { retryLimit: 5, retryDelay: 15, retryBackoff: true, expireInSeconds: 3600 },
} satisfies Record<string, PgBoss.RetryOptions & PgBoss.ExpirationOptions>;
export type QueueName = keyof typeof QUEUES;

const QUEUES_LOCK = 727_002; // pg_advisory_lock key (727_001 is the migrations')

/**
 * Creates or updates every queue. One process at a time: pg-boss makes a table partition per
 * queue, and several instances starting together on a new database deadlocked there (found by
 * scale/multi-instance.test.ts: two web and two worker processes started at once).
 */
export async function createQueues(boss: PgBoss): Promise<void> {
  const sql = postgres(env().DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(${QUEUES_LOCK})`;
    // Still seen once with the lock held (scale test, four processes on a new database; cause
    // not found): PostgreSQL breaks the deadlock by failing one side, which simply tries again.
    for (let attempt = 1; ; attempt++) {
      try {
        for (const [name, options] of Object.entries(QUEUES)) {
          if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...options });
          else await boss.createQueue(name, { name, ...options });
        }
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== "40P01" || attempt === 5) throw err;
        logger().warn({ attempt }, "queue creation deadlocked; trying again");
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
    await sql`select pg_advisory_unlock(${QUEUES_LOCK})`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export function getBoss(): Promise<PgBoss> {
  store[KEY] ??= (async () => {
    const url = env().DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set.");
    // Maintenance and cron run where workers run; a web-only process just sends.
    const boss = new PgBoss({ connectionString: url, max: 4, supervise: false, schedule: false });
    boss.on("error", (err) => logger().error({ err }, "pg-boss error"));
    await boss.start();
    await createQueues(boss);
    return boss;
  })();
  // A failed start (database not up yet) must not be remembered: the next call tries again.
  store[KEY].catch(() => (store[KEY] = undefined));
  return store[KEY];
}

/**
 * Queues a job. Given a transaction, the job row is written in it: the job exists if and only
 * if the caller's change commits, and a worker cannot pick it up before the data it needs is
 * visible.
 */
export async function enqueue(name: QueueName, data: object, options: PgBoss.SendOptions = {}, tx?: DbOrTx): Promise<string> {
  const boss = await getBoss();
  const id = await boss.send(name, data, tx ? { ...options, db: inTransaction(tx) } : options);
  if (!id) throw new Error(`Job not queued on ${name}`);
  // Wakes the workers of every process at once (lib/jobs/worker.ts listens) instead of at their
  // next poll. In a transaction PostgreSQL delivers it at commit, when the job becomes visible.
  if (!options.startAfter) await (tx ?? getDb()).execute(sql`select pg_notify(${JOBS_CHANNEL}, ${name})`);
  return id;
}

/**
 * Queues many jobs of one queue with one statement (pg-boss `insert`, which applies the queue's
 * retry policy), in the caller's transaction, and wakes the workers once: bulk sends make a
 * hundred documents per transaction, and a send plus a notify per document was most of its time.
 */
export async function enqueueMany(name: QueueName, data: object[], tx: DbOrTx): Promise<void> {
  if (!data.length) return;
  const boss = await getBoss();
  await boss.insert(data.map((d) => ({ name, data: d })), { db: inTransaction(tx) });
  await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${name})`);
}

/** The channel enqueue notifies and workers listen on; the payload is the queue's name. */
export const JOBS_CHANNEL = "rubrica_jobs";

/** Stops the sender instance (after workers have stopped). */
export async function closeQueue(): Promise<void> {
  const pending = store[KEY];
  store[KEY] = undefined;
  if (pending) await (await pending).stop({ graceful: true, wait: true, timeout: 10_000 });
}

/** pg-boss runs its SQL through `executeSql(text, values)`; this runs it in a drizzle transaction. */
function inTransaction(tx: DbOrTx): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const pieces = text.split(/\$(\d+)/);
      const chunks: SQL[] = pieces.map((piece, i) => (i % 2 === 0 ? sql.raw(piece) : sql`${asParameter(values[Number(piece) - 1])}`));
      const rows = await tx.execute(sql.join(chunks));
      return { rows: Array.from(rows) };
    },
  };
}

/** As node-postgres sends them (pg-boss's own driver): objects as JSON text, undefined as null. */
function asParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value !== null && typeof value === "object" && !(value instanceof Date) && !Array.isArray(value) && !Buffer.isBuffer(value)) return JSON.stringify(value);
  return value;
}
