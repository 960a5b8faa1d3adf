import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";

/** Sets how many identity transactions a user has left (admins: CLI `quota:set`). */
export async function setTransactions(db: DbOrTx, email: string, transactions: number): Promise<{ email: string; transactions: number }> {
  const [row] = await db.update(users).set({ transactions, updatedAt: new Date() }).where(eq(users.email, email.trim().toLowerCase())).returning({ email: users.email, transactions: users.transactions });
  if (!row) throw new AppError("NOT_FOUND", `No user with e-mail ${email}.`);
  return row;
}
