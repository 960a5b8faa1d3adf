import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { receiptValidations, type ReceiptValidation } from "@/lib/db/schema";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { VALIDATION_NOT_FOUND } from "./validation-format";

/** The caller's receipt validation; another user's is as unknown as a missing one (404). Admins in the dashboard see all. */
export async function findReceiptValidation(db: DbOrTx, actor: Actor, id: string): Promise<ReceiptValidation> {
  // A malformed id is as unknown as a missing one: the reference answers 404, not 422.
  if (!z.uuid().safeParse(id).success) throw new AppError("NOT_FOUND", VALIDATION_NOT_FOUND);
  const mine = actor.role === "admin" && actor.via === "session" ? undefined : eq(receiptValidations.userId, actor.userId);
  const [row] = await db.select().from(receiptValidations).where(and(eq(receiptValidations.id, id), mine));
  if (!row) throw new AppError("NOT_FOUND", VALIDATION_NOT_FOUND);
  return row;
}
