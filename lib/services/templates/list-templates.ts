import { count, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { templates } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";

/** One page of the account's templates, newest first (the templates_owner_created_idx order). */
export async function listTemplates(db: DbOrTx, actor: Actor, options: { page?: number; size?: number } = {}) {
  const page = options.page ?? 0;
  const size = options.size ?? 20;
  const mine = eq(templates.ownerUserId, actor.userId);
  const [items, [total]] = await Promise.all([
    db.select().from(templates).where(mine).orderBy(desc(templates.createdAt), desc(templates.id)).limit(size).offset(page * size),
    db.select({ n: count() }).from(templates).where(mine),
  ]);
  return { items, totalItems: total!.n, initialItem: page * size };
}
