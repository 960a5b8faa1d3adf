/**
 * Who runs next on a small pool of threads (lib/pdf/pdf-engine.ts), fairly (issue 63). Work goes
 * in lanes, each with its own threads, so one kind of work never waits behind another (an
 * upload's inspection behind a flood of page pictures). Within a lane a tenant and a document
 * may hold at most perTenant and perDocument threads, and queued work is taken round-robin by
 * tenant, then by document: one document asked for a hundred pages gets one thread while the
 * next tenant's page goes on the other. The queue is bounded per lane and per document, so a
 * flood is refused at once (the caller answers 503 with Retry-After) instead of waiting minutes.
 * Pure bookkeeping: no threads, no timers; the pool calls take() when a thread is free.
 */

export type LaneLimits = {
  workers: number;
  perTenant?: number;
  perDocument?: number;
  /** Tasks waiting in the lane at most, and per document at most; past either, add() refuses. */
  maxWaiting?: number;
  maxWaitingPerDocument?: number;
};

export type Ticket<Lane extends string> = { lane: Lane; tenant?: string; document?: string };

type LaneState<T> = {
  limits: Required<LaneLimits>;
  /** tenant -> document -> tasks, each map in round-robin order (the one served last goes to the end). */
  waiting: Map<string, Map<string, T[]>>;
  waitingCount: number;
  running: number;
  runningBy: Map<string, number>;
};

let unnamed = 0;

export class FairQueue<Lane extends string, T extends Ticket<Lane>> {
  private readonly lanes: Map<Lane, LaneState<T>>;
  // A task's keys, fixed when it is added (an unnamed one is its own tenant and document).
  private readonly keys = new WeakMap<T, { tenant: string; document: string }>();

  /** Lanes are tried in this order when several have a free thread. */
  constructor(lanes: Record<Lane, LaneLimits>) {
    this.lanes = new Map(
      (Object.entries(lanes) as [Lane, LaneLimits][]).map(([lane, limits]) => [
        lane,
        { limits: { perTenant: Infinity, perDocument: Infinity, maxWaiting: Infinity, maxWaitingPerDocument: Infinity, ...limits }, waiting: new Map(), waitingCount: 0, running: 0, runningBy: new Map() },
      ]),
    );
  }

  private lane(task: T): LaneState<T> {
    const state = this.lanes.get(task.lane);
    if (!state) throw new Error(`No lane ${task.lane}`);
    return state;
  }

  private keysOf(task: T) {
    let keys = this.keys.get(task);
    if (!keys) {
      const own = `#${++unnamed}`;
      keys = { tenant: task.tenant ?? own, document: task.document ?? own };
      this.keys.set(task, keys);
    }
    return keys;
  }

  /** Queues the task; false (nothing queued) when its lane or its document has no room left. */
  add(task: T): boolean {
    const lane = this.lane(task);
    const { tenant, document } = this.keysOf(task);
    const documents = lane.waiting.get(tenant) ?? new Map<string, T[]>();
    const queued = documents.get(document) ?? [];
    if (lane.waitingCount >= lane.limits.maxWaiting || queued.length >= lane.limits.maxWaitingPerDocument) return false;
    queued.push(task);
    documents.set(document, queued);
    lane.waiting.set(tenant, documents);
    lane.waitingCount++;
    return true;
  }

  /** Takes a queued task out (its client left); false when it was not waiting. */
  remove(task: T): boolean {
    const lane = this.lane(task);
    const { tenant, document } = this.keysOf(task);
    const queued = lane.waiting.get(tenant)?.get(document);
    const at = queued?.indexOf(task) ?? -1;
    if (!queued || at < 0) return false;
    queued.splice(at, 1);
    lane.waitingCount--;
    this.prune(lane, tenant, document);
    return true;
  }

  /** The next task allowed to start, now counted as running; undefined when none is. */
  take(): T | undefined {
    for (const lane of this.lanes.values()) {
      if (lane.running >= lane.limits.workers) continue;
      for (const [tenant, documents] of lane.waiting) {
        if ((lane.runningBy.get(`t:${tenant}`) ?? 0) >= lane.limits.perTenant) continue;
        for (const [document, queued] of documents) {
          if ((lane.runningBy.get(`d:${document}`) ?? 0) >= lane.limits.perDocument) continue;
          const task = queued.shift()!;
          lane.waitingCount--;
          this.prune(lane, tenant, document);
          // Round-robin: the tenant and the document just served go to the back.
          const rest = lane.waiting.get(tenant);
          if (rest) {
            lane.waiting.delete(tenant);
            lane.waiting.set(tenant, rest);
            const left = rest.get(document);
            if (left) {
              rest.delete(document);
              rest.set(document, left);
            }
          }
          this.count(lane, tenant, document, 1);
          return task;
        }
      }
    }
    return undefined;
  }

  /** A task take() gave has ended (answered, failed, or stopped). */
  finished(task: T): void {
    const { tenant, document } = this.keysOf(task);
    this.count(this.lane(task), tenant, document, -1);
  }

  /** Tasks waiting and running, over all lanes (or one). */
  sizes(lane?: Lane): { waiting: number; running: number } {
    const states = lane ? [this.lanes.get(lane)!] : [...this.lanes.values()];
    return { waiting: states.reduce((n, s) => n + s.waitingCount, 0), running: states.reduce((n, s) => n + s.running, 0) };
  }

  private count(lane: LaneState<T>, tenant: string, document: string, by: 1 | -1) {
    lane.running += by;
    for (const key of [`t:${tenant}`, `d:${document}`]) {
      const n = (lane.runningBy.get(key) ?? 0) + by;
      if (n > 0) lane.runningBy.set(key, n);
      else lane.runningBy.delete(key);
    }
  }

  private prune(lane: LaneState<T>, tenant: string, document: string) {
    const documents = lane.waiting.get(tenant);
    if (documents?.get(document)?.length === 0) documents.delete(document);
    if (documents?.size === 0) lane.waiting.delete(tenant);
  }
}
