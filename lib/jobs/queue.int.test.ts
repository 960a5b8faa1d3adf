import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { enqueue } from "./queue";

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
