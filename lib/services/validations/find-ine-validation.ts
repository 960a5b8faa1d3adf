import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { ineValidations, type IneValidation } from "@/lib/db/schema";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { VALIDATION_NOT_FOUND } from "./validation-format";

/** The caller's INE validation; another user's answers as unknown (404). Admins in the dashboard see all. */
export async function findIneValidation(db: DbOrTx, actor: Actor, id: string): Promise<IneValidation> {
  if (!z.uuid().safeParse(id).success) throw new AppError("NOT_FOUND", VALIDATION_NOT_FOUND);
  const mine = actor.role === "admin" && actor.via === "session" ? undefined : eq(ineValidations.userId, actor.userId);
  const [row] = await db.select().from(ineValidations).where(and(eq(ineValidations.id, id), mine));
  if (!row) throw new AppError("NOT_FOUND", VALIDATION_NOT_FOUND);
  return row;
}
