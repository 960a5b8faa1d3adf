import type { DbOrTx } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { findUserByEmail } from "./find-user";
import { passwordMatches } from "./password";

// A fixed hash to verify against when the e-mail is unknown, so both cases take the same time.
const DECOY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$X6FruaLQL+yPSpqCJ1hTUw$szgapXbMwn9tYxFVrW3wUP2HrGisN6z/ReZww/IAPFg";

export async function verifyCredentials(db: DbOrTx, email: string, password: string): Promise<User | null> {
  const user = await findUserByEmail(db, email);
  const ok = await passwordMatches(user?.passwordHash ?? DECOY_HASH, password);
  return user && ok ? user : null;
}
