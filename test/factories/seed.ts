import crypto from "node:crypto";
import { getDb } from "@/lib/db/client";
import type { Actor } from "@/lib/services/actor";
import { createApiKey } from "@/lib/services/api-keys/create-api-key";
import { createUser } from "@/lib/services/users/create-user";

/** A user with a unique e-mail (and "mis documentos"), through the real service. */
export async function seedUser(overrides: { name?: string; role?: "user" | "admin"; email?: string } = {}) {
  const email = overrides.email ?? `u${crypto.randomBytes(5).toString("hex")}@example.com`;
  const user = await createUser(getDb(), { name: overrides.name ?? "Begoña Ibáñez", email, password: "contraseña-segura", role: overrides.role });
  const actor: Actor = { userId: user.id, role: user.role, locale: user.locale, via: "session" };
  return { user, actor };
}

export async function seedUserWithKey(overrides: { name?: string; email?: string } = {}) {
  const seeded = await seedUser(overrides);
  const { key, apiKey } = await createApiKey(getDb(), seeded.actor, { name: "test" });
  return { ...seeded, key, apiKey };
}
