import { and, eq, gt, ne } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { userSessions, users, type User } from "@/lib/db/schema";

/** As long as the session cookie (Auth.js maxAge). */
export const SESSION_DAYS = 30;

/** A new session for a user who just signed in; its id goes into the session cookie. */
export async function startSession(db: DbOrTx, userId: string, now = new Date()): Promise<string> {
  const [session] = await db
    .insert(userSessions)
    .values({ userId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_DAYS * 864e5) })
    .returning({ id: userSessions.id });
  return session!.id;
}

/**
 * The user of a live session: one query by primary key, joined with the user (what every
 * cookie-authenticated request already read), so revocation costs no extra round trip.
 */
export async function findSessionUser(db: DbOrTx, userId: string, sessionId: string, now = new Date()): Promise<User | null> {
  const [row] = await db
    .select({ user: users })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId), gt(userSessions.expiresAt, now)));
  return row?.user ?? null;
}

/** Sign-out: the cookie, wherever a copy of it is, no longer opens anything. */
export async function endSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.id, sessionId));
}

/** After a password change: every other device signs in again with the new password. */
export async function endOtherSessions(db: DbOrTx, userId: string, keepSessionId: string | null): Promise<number> {
  const ended = await db
    .delete(userSessions)
    .where(keepSessionId ? and(eq(userSessions.userId, userId), ne(userSessions.id, keepSessionId)) : eq(userSessions.userId, userId))
    .returning({ id: userSessions.id });
  return ended.length;
}
