import { getDb } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { findSessionUser } from "@/lib/services/users/user-sessions";

/** What the session callback puts in Auth.js's session: the user and the server-side session. */
export type SessionIds = { user?: { id?: string } | null; sessionId?: string } | null | undefined;

/**
 * The signed-in user behind a session, or null when the account no longer exists or the session
 * was ended (signed out, password changed): the cookie alone is not enough.
 */
export async function sessionUser(session: SessionIds): Promise<{ user: User; actor: Actor; sessionId: string } | null> {
  const userId = session?.user?.id;
  const sessionId = session?.sessionId;
  if (!userId || !sessionId || !/^[0-9a-f-]{36}$/i.test(sessionId)) return null;
  const user = await findSessionUser(getDb(), userId, sessionId);
  if (!user) return null;
  return { user, actor: { userId: user.id, role: user.role, locale: user.locale, via: "session" }, sessionId };
}
