import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";

export const ADMIN_ONLY = "Solo un administrador puede hacer esto.";

/** Admin powers belong to an admin signed in to the dashboard, not to an admin's API key. */
export function requireAdmin(actor: Actor): void {
  if (actor.role !== "admin" || actor.via !== "session") throw new AppError("FORBIDDEN", ADMIN_ONLY);
}
