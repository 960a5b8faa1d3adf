import fs from "node:fs";

// A hostile file is stopped by the work it costs, not by the time it waits. A wall-clock limit
// refused real PDFs on a busy server (a book's cover page, drawn in 1 s on an idle machine, took
// more than the 5 s limit while other work shared the two cores) with a message that blamed the
// file. So the worker threads that parse and draw PDFs are bounded by the CPU time their own
// thread used, read from Linux's per-thread accounting (proc(5), /proc/<pid>/task/<tid>/stat,
// utime and stime), with a much longer wall-clock ceiling behind it. Where /proc is not there,
// the wall clock is all there is, as before.

/** USER_HZ, the unit of utime/stime: 100 on every Linux ABI Node runs on (sysconf(_SC_CLK_TCK)). */
const TICKS_PER_SECOND = 100;
const CHECK_EVERY_MS = 50;

/**
 * CPU milliseconds used so far by a thread named as /proc/thread-self reads in it
 * ("<pid>/task/<tid>"), or null when that cannot be read.
 */
export function threadCpuMs(thread: string | null): number | null {
  if (!thread) return null;
  try {
    const stat = fs.readFileSync(`/proc/${thread}/stat`, "utf8");
    // Fields after "(comm)": state is the first, utime the 12th and stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * Calls `over` once, when `thread` has used `cpuMs` of CPU from now on, or `wallMs` of wall
 * time have passed, whichever comes first; with no readable thread, after `cpuMs` of wall time.
 * Returns the function that cancels it.
 */
export function workDeadline(thread: string | null, limits: { cpuMs: number; wallMs: number }, over: () => void): () => void {
  const cpuAtStart = threadCpuMs(thread);
  const wallMs = cpuAtStart === null ? limits.cpuMs : Math.max(limits.wallMs, limits.cpuMs);
  const ceiling = setTimeout(stopAndCall, wallMs);
  const watch =
    cpuAtStart === null
      ? undefined
      : setInterval(() => {
          const used = threadCpuMs(thread);
          if (used !== null && used - cpuAtStart >= limits.cpuMs) stopAndCall();
        }, Math.min(CHECK_EVERY_MS, limits.cpuMs));
  function stop() {
    clearTimeout(ceiling);
    clearInterval(watch);
  }
  function stopAndCall() {
    stop();
    over();
  }
  return stop;
}
