import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import postgres from "postgres";
import { env } from "@/lib/env";
import { enqueue, JOBS_CHANNEL } from "./queue";

const jobsFor = async (marker: string) =>
  Number((await getDb().execute(sql`select count(*)::int as n from pgboss.job where name = 'notify-signatories' and data->>'documentId' = ${marker}`))[0]!.n);

describe("enqueue inside a transaction", () => {
  it("creates the job when the transaction commits, and no job when it rolls back", async () => {
    const committed = crypto.randomUUID();
    await getDb().transaction(async (tx) => {
      await enqueue("notify-signatories", { documentId: committed }, {}, tx);
    });
    expect(await jobsFor(committed)).toBe(1);

    const rolledBack = crypto.randomUUID();
    await expect(
      getDb().transaction(async (tx) => {
        await enqueue("notify-signatories", { documentId: rolledBack }, {}, tx);
        // Inside the transaction the job is visible; outside it is not yet.
        expect(Number((await tx.execute(sql`select count(*)::int as n from pgboss.job where data->>'documentId' = ${rolledBack}`))[0]!.n)).toBe(1);
        expect(await jobsFor(rolledBack)).toBe(0);
        throw new Error("crash before commit");
      }),
    ).rejects.toThrow("crash before commit");
    expect(await jobsFor(rolledBack)).toBe(0);
  });
});

describe("enqueue wakes the workers", () => {
  it("notifies the queue's name on the jobs channel at commit, never for a rollback or a delayed retry", async () => {
    const heard: string[] = [];
    const listener = postgres(env().DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      await listener.listen(JOBS_CHANNEL, (queue) => heard.push(queue));
      const committed = getDb().transaction(async (tx) => {
        await enqueue("send-message", { messageId: crypto.randomUUID() }, {}, tx);
        // Not before the commit: a worker woken now would not see the job yet.
        await tx.execute(sql`select pg_sleep(0.2)`);
        expect(heard).toEqual([]);
      });
      await committed;
      await expect.poll(() => heard).toEqual(["send-message"]);

      await getDb()
        .transaction(async (tx) => {
          await enqueue("send-message", { messageId: crypto.randomUUID() }, {}, tx);
          throw new Error("rollback");
        })
        .catch(() => {});
      await enqueue("deliver-webhook", { deliveryId: crypto.randomUUID() }, { startAfter: new Date(Date.now() + 60_000) });
      // A marker after both: once it arrives, anything they had sent would have arrived before it.
      await enqueue("sweep-seals", {});
      await expect.poll(() => heard.at(-1)).toBe("sweep-seals");
      expect(heard).toEqual(["send-message", "sweep-seals"]);
    } finally {
      await listener.end({ timeout: 5 });
    }
  });
});
