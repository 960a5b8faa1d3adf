import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users, type IdentitySession } from "@/lib/db/schema";

/**
 * Who asks the person to verify: the integrator, i.e. the account that created the session
 * (its name as set in Ajustes). The verification page names it, and the privacy notice makes it
 * the responsible party of the verification, with the installation's operator as its processor.
 */
export async function findSessionRequester(db: DbOrTx, session: Pick<IdentitySession, "userId">): Promise<string> {
  const [owner] = await db.select({ name: users.name }).from(users).where(eq(users.id, session.userId));
  // The session cascades away with its owner, so the owner is always there; the name is never empty (sign-up requires it).
  return owner?.name.trim() ?? "";
}
