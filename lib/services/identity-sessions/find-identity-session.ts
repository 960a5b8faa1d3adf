import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/lib/db/client";
import { identitySessions, type IdentitySession } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { reviewsEverySession } from "./review-scope";

export const SESSION_NOT_FOUND = "Sesión no encontrada.";

/** The caller's session; another user's answers as unknown (404), as does a malformed id. */
export async function findIdentitySession(db: DbOrTx, actor: Actor, id: string): Promise<IdentitySession> {
  if (!z.uuid().safeParse(id).success) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  const mine = reviewsEverySession(actor) ? undefined : eq(identitySessions.userId, actor.userId);
  const [row] = await db.select().from(identitySessions).where(and(eq(identitySessions.id, id), mine));
  if (!row) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  return row;
}
