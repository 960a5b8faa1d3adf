import { afterEach, describe, expect, it, vi } from "vitest";
import { onShutdown, shutdownUnderway } from "./shutdown";

describe("onShutdown", () => {
  const listeners = { SIGINT: process.listeners("SIGINT"), SIGTERM: process.listeners("SIGTERM") };
  afterEach(() => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) for (const l of process.listeners(signal)) if (!listeners[signal].includes(l)) process.off(signal, l);
    vi.restoreAllMocks();
  });

  it("says a shutdown is under way from the first signal on, runs its steps in order and exits 0", async () => {
    const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const ran: string[] = [];
    let release!: () => void;
    const log: string[] = [];
    onShutdown(
      [
        { name: "worker", run: () => void ran.push("worker") },
        { name: "database", run: () => new Promise<void>((resolve) => (release = () => (ran.push("database"), resolve()))), always: true },
      ],
      (msg) => log.push(msg),
    );
    // A start that fails before this (a wrong key, a database that will not open) is a real failure.
    expect(shutdownUnderway()).toBe(false);
    process.emit("SIGTERM");
    // From here a start cut short by the database closing under it is the shutdown's, not an error
    // to end the process with (server.ts, scripts/worker.ts).
    expect(shutdownUnderway()).toBe(true);
    await vi.waitFor(() => expect(ran).toEqual(["worker"]));
    expect(exit).not.toHaveBeenCalled();
    release();
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    expect(ran).toEqual(["worker", "database"]);
    expect(log).toEqual(["SIGTERM: shutting down", "shutdown: stopping worker", "shutdown: worker stopped", "shutdown: stopping database", "shutdown: database stopped", "shutdown: done"]);
  });
});
