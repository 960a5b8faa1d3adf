// What the e2e fixtures run with tsx share: open the Playwright server's database
// (DATA_DIR=.data-e2e), run the fixture, close the queue, the pool and the database, and exit with
// 0 or, after printing the error, 1, so the spec that spawned it sees the failure.
import { closeDb } from "@/lib/db/client";
import { closeQueue } from "@/lib/jobs/queue";
import { openDatabase } from "@/lib/runtime/open-database";

export function runFixture(fixture: () => Promise<void>): void {
  const run = async () => {
    const database = await openDatabase();
    try {
      await fixture();
    } finally {
      await closeQueue();
      await closeDb();
      await database.close();
    }
  };
  run().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
