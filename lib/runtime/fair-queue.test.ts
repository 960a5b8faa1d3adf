import { describe, expect, it } from "vitest";
import { FairQueue } from "./fair-queue";

type Lane = "inspect" | "picture";
type Task = { lane: Lane; tenant?: string; document?: string; name: string };

const limits = {
  inspect: { workers: 2 },
  picture: { workers: 2, perTenant: 1, perDocument: 1, maxWaiting: 6, maxWaitingPerDocument: 3 },
};
const picture = (tenant: string, document: string, name: string): Task => ({ lane: "picture", tenant, document, name });

/** Takes every task allowed to start now. */
function startAll(queue: FairQueue<Lane, Task>): string[] {
  const started: string[] = [];
  for (let task = queue.take(); task; task = queue.take()) started.push(task.name);
  return started;
}

describe("FairQueue", () => {
  it("abuse: one document asked for many pages holds one thread; another tenant's page starts on the other", () => {
    const queue = new FairQueue<Lane, Task>(limits);
    for (let page = 100; page < 103; page++) queue.add(picture("a", "bomb", `bomb ${page}`));
    queue.add(picture("b", "letter", "letter 1"));
    expect(startAll(queue)).toEqual(["bomb 100", "letter 1"]);
  });

  it("abuse: one tenant with many documents holds at most its share of threads", () => {
    const queue = new FairQueue<Lane, Task>(limits);
    for (const document of ["d1", "d2", "d3"]) queue.add(picture("a", document, document));
    expect(startAll(queue)).toEqual(["d1"]);
    queue.add(picture("b", "e1", "e1"));
    expect(startAll(queue)).toEqual(["e1"]);
  });

  it("abuse: queued work is taken round-robin by tenant and then by document, not in arrival order", () => {
    const queue = new FairQueue<Lane, Task>({ ...limits, picture: { ...limits.picture, workers: 1, maxWaitingPerDocument: 10, maxWaiting: 20 } });
    const added = [picture("a", "a1", "a1 p1"), picture("a", "a1", "a1 p2"), picture("a", "a2", "a2 p1"), picture("b", "b1", "b1 p1"), picture("b", "b1", "b1 p2")];
    for (const task of added) queue.add(task);
    const order: string[] = [];
    for (let task = queue.take(); task; task = queue.take()) {
      order.push(task.name);
      queue.finished(task);
    }
    expect(order).toEqual(["a1 p1", "b1 p1", "a2 p1", "b1 p2", "a1 p2"]);
  });

  it("abuse: a flood is refused past the document's share of the queue and past the lane's bound", () => {
    const queue = new FairQueue<Lane, Task>(limits);
    const answers = Array.from({ length: 5 }, (_, i) => queue.add(picture("a", "bomb", `bomb ${i}`)));
    expect(answers).toEqual([true, true, true, false, false]);
    expect(queue.add(picture("b", "x", "x1"))).toBe(true);
    expect(queue.add(picture("b", "y", "y1"))).toBe(true);
    expect(queue.add(picture("c", "z", "z1"))).toBe(true);
    // The lane's six places are taken: even a new document waits no longer in line.
    expect(queue.add(picture("d", "w", "w1"))).toBe(false);
    expect(queue.sizes("picture")).toEqual({ waiting: 6, running: 0 });
    // A started task frees its place in the queue.
    expect(queue.take()?.name).toBe("bomb 0");
    expect(queue.add(picture("d", "w", "w1"))).toBe(true);
  });

  it("abuse: a task whose client left is taken out of the queue and never starts", () => {
    const queue = new FairQueue<Lane, Task>({ ...limits, picture: { ...limits.picture, workers: 1 } });
    const gone = picture("a", "a1", "gone");
    const kept = picture("b", "b1", "kept");
    queue.add(gone);
    queue.add(kept);
    expect(queue.remove(gone)).toBe(true);
    expect(queue.remove(gone)).toBe(false);
    expect(startAll(queue)).toEqual(["kept"]);
    expect(queue.sizes()).toEqual({ waiting: 0, running: 1 });
  });

  it("abuse: inspections of uploads have their own threads and never wait behind pictures", () => {
    const queue = new FairQueue<Lane, Task>(limits);
    queue.add(picture("a", "d1", "picture 1"));
    queue.add(picture("b", "d2", "picture 2"));
    queue.add(picture("c", "d3", "picture 3"));
    expect(startAll(queue)).toEqual(["picture 1", "picture 2"]);
    queue.add({ lane: "inspect", name: "upload 1" });
    queue.add({ lane: "inspect", name: "upload 2" });
    expect(startAll(queue)).toEqual(["upload 1", "upload 2"]);
  });

  it("counts a finished task's thread free again for its tenant and document", () => {
    const queue = new FairQueue<Lane, Task>(limits);
    queue.add(picture("a", "d1", "p1"));
    queue.add(picture("a", "d1", "p2"));
    const first = queue.take()!;
    expect(queue.take()).toBeUndefined();
    queue.finished(first);
    expect(queue.take()?.name).toBe("p2");
  });

  it("keeps unnamed tasks apart: without a tenant or document each is its own", () => {
    const queue = new FairQueue<Lane, Task>({ ...limits, picture: { ...limits.picture, workers: 3 } });
    for (const name of ["u1", "u2", "u3"]) queue.add({ lane: "picture", name });
    expect(startAll(queue)).toEqual(["u1", "u2", "u3"]);
  });
});
