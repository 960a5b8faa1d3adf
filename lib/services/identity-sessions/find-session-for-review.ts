import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { identitySessionComments, storedFiles, users, webhookDeliveries, SESSION_FILE_KINDS, type IdentitySession, type SessionFileKind } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { listWebhookDeliveries, type DeliveryWithAttempts } from "@/lib/services/webhooks/list-webhook-deliveries";
import { findIdentitySession } from "./find-identity-session";
import { SESSION_EVENT } from "./move-session";

export type SessionReviewFile = { kind: SessionFileKind; contentType: string | null; size: number | null };
export type SessionReviewComment = { id: string; body: string; createdAt: Date; authorName: string; authorEmail: string };

export type SessionReview = {
  session: IdentitySession;
  owner: { name: string; email: string };
  /** The images the page captured, in the order a reviewer reads them, with what file storage knows of each. */
  files: SessionReviewFile[];
  comments: SessionReviewComment[];
  /** The session's status webhooks (its id is data.id of the body), newest first, with their attempts. */
  deliveries: DeliveryWithAttempts[];
};

/**
 * Everything the dashboard shows about one session: the session with its evidence, its owner, its
 * images, the reviewers' comments (oldest first, as a conversation reads) and its webhooks. A
 * session the actor may not review is "not found", as an unknown id is.
 */
export async function findSessionForReview(db: DbOrTx, actor: Actor, id: string): Promise<SessionReview> {
  const session = await findIdentitySession(db, actor, id);
  const hashes = SESSION_FILE_KINDS.flatMap((kind) => (session.files[kind] ? [[kind, session.files[kind]] as const] : []));
  const [[owner], stored, comments, deliveries] = await Promise.all([
    db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, session.userId)),
    hashes.length
      ? db.select({ sha256: storedFiles.sha256, contentType: storedFiles.contentType, size: storedFiles.size }).from(storedFiles).where(inArray(storedFiles.sha256, hashes.map(([, h]) => h)))
      : Promise.resolve([]),
    db
      .select({ id: identitySessionComments.id, body: identitySessionComments.body, createdAt: identitySessionComments.createdAt, authorName: users.name, authorEmail: users.email })
      .from(identitySessionComments)
      .innerJoin(users, eq(users.id, identitySessionComments.authorId))
      .where(eq(identitySessionComments.sessionId, session.id))
      .orderBy(asc(identitySessionComments.createdAt), asc(identitySessionComments.id)),
    listWebhookDeliveries(db, actor, {
      where: and(
        eq(webhookDeliveries.userId, session.userId),
        eq(webhookDeliveries.eventType, SESSION_EVENT),
        // payload is json (kept as written), so ->> reads it without an index: the user's rows only.
        sql`${webhookDeliveries.payload} -> 'data' ->> 'id' = ${session.id}`,
      ),
    }),
  ]);
  const files = hashes.map(([kind, hash]) => {
    const meta = stored.find((s) => s.sha256 === hash);
    return { kind, contentType: meta?.contentType ?? null, size: meta?.size ?? null };
  });
  return { session, owner: owner ?? { name: "—", email: "—" }, files, comments, deliveries };
}

