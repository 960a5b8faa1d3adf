import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { identitySessions, type IdentitySession, type SessionStatus } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";

/** The caller's sessions, newest first, one page (pages start at 1). */
export async function listIdentitySessions(
  db: DbOrTx,
  actor: Actor,
  options: { page: number; perPage: number; status?: SessionStatus },
): Promise<{ rows: IdentitySession[]; total: number }> {
  const where = and(eq(identitySessions.userId, actor.userId), options.status ? eq(identitySessions.status, options.status) : undefined);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(identitySessions)
      .where(where)
      .orderBy(desc(identitySessions.createdAt), desc(identitySessions.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db.$count(identitySessions, where),
  ]);
  return { rows, total };
}
