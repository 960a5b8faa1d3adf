import crypto from "node:crypto";
import type { DbOrTx } from "@/lib/db/client";
import { createApiKey } from "@/lib/services/api-keys/create-api-key";
import { createUser } from "@/lib/services/users/create-user";
import { findUserByEmail } from "@/lib/services/users/find-user";

export const DEMO_EMAIL = "demo@rubrica.mx";

export type DemoLogin = { email: string; password: string; apiKey: string; folder: string };

/**
 * The demo account of a fresh install: a user (with "mis documentos") and an API key. The
 * password is random per install; the caller keeps the printed login. Returns null when the
 * demo user exists already (its password is not known any more).
 */
export async function seedDemo(db: DbOrTx): Promise<DemoLogin | null> {
  if (await findUserByEmail(db, DEMO_EMAIL)) return null;
  const password = `demo-${crypto.randomBytes(6).toString("base64url")}`;
  const user = await createUser(db, { name: "Sofía Peña Núñez", email: DEMO_EMAIL, password, role: "admin" });
  const { key } = await createApiKey(db, { userId: user.id }, { name: "demo" });
  return { email: DEMO_EMAIL, password, apiKey: key, folder: "mis documentos" };
}
