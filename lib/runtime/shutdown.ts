/** Runs the steps once, in order, on SIGINT/SIGTERM; a second signal exits at once. */
export function onShutdown(steps: Array<[string, () => Promise<void> | void]>, log: (msg: string) => void): void {
  let stopping = false;
  const run = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    log(`${signal}: shutting down`);
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (err) {
        log(`shutdown step ${name} failed: ${String(err)}`);
      }
    }
    process.exit(0);
  };
  process.on("SIGINT", () => void run("SIGINT"));
  process.on("SIGTERM", () => void run("SIGTERM"));
}
