import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Where a front read spends its time, stage by stage (the card's region, Tesseract's passes,
 * Paddle's detector and recogniser, the position read), for the bench (`bench:identity --stages`).
 * Opt-in by the caller: outside withStageTimes, `timed` only runs its work, and nothing is logged
 * or kept. AsyncLocalStorage keeps two reads running at once from adding to each other's times.
 */
export type StageTimes = Map<string, { ms: number; calls: number }>;

const times = new AsyncLocalStorage<StageTimes>();

/** `work`, its milliseconds added to `stage` when a caller asked for stage times. */
export async function timed<T>(stage: string, work: () => Promise<T>): Promise<T> {
  const stages = times.getStore();
  if (!stages) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    const so = stages.get(stage) ?? { ms: 0, calls: 0 };
    stages.set(stage, { ms: so.ms + performance.now() - started, calls: so.calls + 1 });
  }
}

/** One more of `what` (a pass that added fields), when a caller asked for stage times. */
export function tally(what: string): void {
  const stages = times.getStore();
  if (stages) stages.set(what, { ms: 0, calls: (stages.get(what)?.calls ?? 0) + 1 });
}

/** `work`'s result and the milliseconds of each stage timed inside it. */
export async function withStageTimes<T>(work: () => Promise<T>): Promise<{ value: T; stages: StageTimes }> {
  const stages: StageTimes = new Map();
  const value = await times.run(stages, work);
  return { value, stages };
}
