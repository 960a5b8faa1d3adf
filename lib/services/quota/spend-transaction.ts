import { and, eq, gt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";

export const NO_TRANSACTIONS_MESSAGE = "Las transacciones del usuario se han terminado";

/**
 * Spends one identity transaction of the user, in the caller's transaction: one conditional
 * UPDATE, so concurrent creations can never take the count below zero, and a creation that
 * rolls back gives its transaction back.
 */
export async function spendTransaction(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ transactions: sql`${users.transactions} - 1` })
    .where(and(eq(users.id, userId), gt(users.transactions, 0)))
    .returning({ left: users.transactions });
  if (!row) throw new AppError("PAYMENT_REQUIRED", NO_TRANSACTIONS_MESSAGE);
  return row.left;
}
