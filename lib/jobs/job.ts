import type { z } from "zod";
import type { QueueName } from "./queue";

/** A job: its queue (retry policy in queue.ts), the zod schema of its payload, and its handler. */
export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  queue: QueueName;
  payload: S;
  handle: (data: z.output<S>) => Promise<void>;
  /** Cron expression (UTC) for periodic jobs; pg-boss runs each tick once across all workers. */
  schedule?: string;
  /** Jobs of this queue one worker process runs at once (fetched as a batch); 1 when absent. */
  concurrency?: number;
};

export function defineJob<S extends z.ZodType>(job: JobDefinition<S>): JobDefinition<S> {
  return job;
}
