import postgres from "postgres";
import { env } from "@/lib/env";

/**
 * Holds a document's audit chain (the advisory lock recordAuditEvent takes to append to it) from
 * another connection, as a busy database or a concurrent signer would: an answer that waits for
 * its audit event cannot arrive until `release()`. For tests of what does not wait for it.
 */
export async function holdAuditChain(documentId: string): Promise<{ release: () => Promise<void> }> {
  const client = postgres(env().DATABASE_URL!, { max: 1, onnotice: () => {} });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const locked = new Promise<void>((resolve) => (held = resolve));
  const transaction = client.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${`audit:${documentId}`}, 0))`;
    held();
    await released;
  });
  await Promise.race([locked, transaction]);
  return {
    release: async () => {
      release();
      await transaction;
      await client.end();
    },
  };
}

/** Whether `work` settles within `ms` (false: it is still waiting, e.g. on a lock). */
export const settlesWithin = (work: Promise<unknown>, ms: number) =>
  Promise.race([work.then(() => true, () => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
