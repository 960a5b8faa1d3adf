export type ShutdownStep = {
  name: string;
  run: () => Promise<void> | void;
  /** Runs even when a person insists (a repeated signal): stopping the database we started. */
  always?: boolean;
};

/**
 * Signals closer together than this are one request: a signal to the process group reaches us
 * and every wrapper above us (npm, npx, tsx), and the wrappers pass theirs on too.
 */
const SAME_REQUEST_MS = 1000;

let underway = false;

/**
 * Whether a signal has begun the shutdown. A start still under way when it came (the worker's
 * queues being created after the HTTP server already answers) then fails as the shutdown closes
 * the database under it: server.ts and scripts/worker.ts let the shutdown finish and exit 0
 * rather than end the process with that error, half-way through the steps (seen with the
 * production build under load: "the database system is shutting down", exit 1, the database
 * left to the reaper).
 */
export const shutdownUnderway = () => underway;

/**
 * Runs the steps once, in order, on SIGINT/SIGTERM, logging each; then exits.
 * A repeated signal (a second Ctrl+C) no longer waits for the steps that wait (running jobs),
 * but the `always` steps still run: exiting before the embedded PostgreSQL is stopped would
 * leave it running with its port and memory.
 */
export function onShutdown(steps: ShutdownStep[], log: (msg: string) => void): void {
  let firstAt = 0;
  let hurry = false;
  let hurried: () => void = () => {};
  const insisted = new Promise<void>((resolve) => (hurried = resolve));

  const run = async (signal: string) => {
    underway = true;
    log(`${signal}: shutting down`);
    for (const step of steps) {
      if (hurry && !step.always) {
        log(`shutdown: skipped ${step.name}`);
        continue;
      }
      log(`shutdown: stopping ${step.name}`);
      try {
        const done = Promise.resolve().then(step.run);
        // A step that is skipped on insistence keeps running, but we stop waiting for it.
        await (step.always ? done : Promise.race([done, insisted]));
        log(hurry && !step.always ? `shutdown: stopped waiting for ${step.name}` : `shutdown: ${step.name} stopped`);
      } catch (err) {
        log(`shutdown: step ${step.name} failed: ${String(err)}`);
      }
    }
    log("shutdown: done");
    process.exit(0);
  };

  const onSignal = (signal: string) => {
    if (!firstAt) {
      firstAt = Date.now();
      void run(signal);
    } else if (Date.now() - firstAt < SAME_REQUEST_MS) {
      log(`${signal} again: already shutting down`);
    } else if (!hurry) {
      hurry = true;
      log(`${signal} again: not waiting for running work; still stopping the database`);
      hurried();
    }
  };
  process.on("SIGINT", () => onSignal("SIGINT"));
  process.on("SIGTERM", () => onSignal("SIGTERM"));
}
