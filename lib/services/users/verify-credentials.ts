import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users, type User } from "@/lib/db/schema";
import { passwordMatches } from "./password";

// A fixed hash to verify against when the e-mail is unknown, so both cases take the same time.
const DECOY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$X6FruaLQL+yPSpqCJ1hTUw$szgapXbMwn9tYxFVrW3wUP2HrGisN6z/ReZww/IAPFg";

export async function verifyCredentials(db: DbOrTx, email: string, password: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  const ok = await passwordMatches(user?.passwordHash ?? DECOY_HASH, password);
  return user && ok ? user : null;
}
