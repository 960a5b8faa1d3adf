import { forbidden, notFound, unauthorized } from "next/navigation";
import { auth } from "@/lib/auth";
import { AppError } from "@/lib/errors";
import { sessionUser } from "@/lib/services/session-actor";

/**
 * What a server action may be handed: anyone can POST any arguments to an action id, and an
 * action that throws answers 500. Inside an action Next can answer only 401, 403 and 404
 * (unauthorized(), forbidden(), notFound(); experimental.authInterrupts in next.config.ts), so
 * arguments no form of ours sends get 404, the answer Next gives an action id it does not know.
 * Bodies that do not even decode are refused with 400 before Next sees them (server-action-gate).
 */
export function formInput(value: unknown): FormData {
  if (!(value instanceof FormData)) notFound();
  return value;
}

/** A string argument bound by the page (an id, a path). */
export function boundString(value: unknown): string {
  if (typeof value !== "string") notFound();
  return value;
}

/** The signed-in session's user and actor, else 401. */
export async function actionUser() {
  const found = await sessionUser(await auth());
  if (!found) unauthorized();
  return found;
}

/** A service's FORBIDDEN becomes 403 (not a 500 for an error the action did not expect). */
export function rethrowForbidden(err: unknown): never {
  if (err instanceof AppError && err.code === "FORBIDDEN") forbidden();
  throw err;
}
