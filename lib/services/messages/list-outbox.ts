import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { outboxMessages, type OutboxMessage } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";

/** The outbox: a user sees the messages their activity caused; admins see all. */
export async function listOutbox(db: DbOrTx, actor: Actor, opts: { limit?: number } = {}): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(actor.role === "admin" ? undefined : eq(outboxMessages.userId, actor.userId))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(opts.limit ?? 100);
}

export async function findOutboxMessage(db: DbOrTx, actor: Actor, id: string): Promise<OutboxMessage | null> {
  const [message] = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.id, id), actor.role === "admin" ? undefined : eq(outboxMessages.userId, actor.userId)));
  return message ?? null;
}
