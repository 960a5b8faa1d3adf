import { getDb } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { findUserById } from "@/lib/services/users/find-user";

/** The signed-in user behind a session's user id, or null when the account no longer exists. */
export async function sessionUser(userId: string | undefined): Promise<{ user: User; actor: Actor } | null> {
  if (!userId) return null;
  const user = await findUserById(getDb(), userId);
  if (!user) return null;
  return { user, actor: { userId: user.id, role: user.role, locale: user.locale, via: "session" } };
}
