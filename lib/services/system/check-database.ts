import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";

/** True when the database answers a query within two seconds. */
export async function checkDatabase(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const deadline = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), 2000)));
    await Promise.race([getDb().execute(sql`select 1`), deadline]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer); // one health check per second must not leave a timer per call behind
  }
}
