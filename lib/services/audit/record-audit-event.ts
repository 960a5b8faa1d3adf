import type { DbOrTx } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";

export async function recordAuditEvent(
  db: DbOrTx,
  event: { actorUserId: string | null; action: string; subjectType?: string; subjectId?: string; data?: Record<string, unknown>; ip?: string | null },
): Promise<void> {
  await db.insert(auditEvents).values({
    actorUserId: event.actorUserId,
    action: event.action,
    subjectType: event.subjectType,
    subjectId: event.subjectId,
    data: event.data ?? {},
    ip: event.ip ?? null,
  });
}
