import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users, type User } from "@/lib/db/schema";

export async function findUserById(db: DbOrTx, id: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return user ?? null;
}
