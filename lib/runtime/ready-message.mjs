// What a bounded worker thread (lib/pdf/*-worker.mjs) posts once it is ready: its name under
// /proc ("<pid>/task/<tid>"), so the server bounds each task by this thread's CPU time
// (lib/runtime/work-deadline.ts); null where there is no /proc. Plain JavaScript: the workers
// are loaded by Node from disk, past the bundler.
import fs from "node:fs";

export function readyMessage() {
  let thread = null;
  try {
    thread = fs.readlinkSync("/proc/thread-self");
  } catch {
    // not Linux: the server falls back to the wall clock
  }
  return { ready: true, thread };
}
