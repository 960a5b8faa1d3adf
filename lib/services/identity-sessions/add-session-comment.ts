import type { DbOrTx } from "@/lib/db/client";
import { identitySessionComments } from "@/lib/db/schema";
import { AppError, INVALID_DATA_MESSAGE } from "@/lib/errors";
import { sessionCommentBody } from "@/lib/schemas/identity-review";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { findIdentitySession } from "./find-identity-session";

/**
 * A reviewer's note on a session: by its owner or an admin, as anyone who may review it. A
 * session the actor may not see is "not found" before the note is even read.
 */
export async function addSessionComment(db: DbOrTx, actor: Actor, sessionId: string, input: unknown) {
  const session = await findIdentitySession(db, actor, sessionId);
  const parsed = sessionCommentBody.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.map(String).join(".") || "body"] ??= []).push(issue.message);
    throw new AppError("INVALID", INVALID_DATA_MESSAGE, errors);
  }
  return db.transaction(async (tx) => {
    const [comment] = await tx.insert(identitySessionComments).values({ sessionId: session.id, authorId: actor.userId, body: parsed.data.body }).returning();
    await recordAuditEvent(tx, { actorUserId: actor.userId, action: "identity_session.commented", subjectType: "identity_session", subjectId: session.id, data: { commentId: comment!.id } });
    return comment!;
  });
}
