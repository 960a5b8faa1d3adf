import type { MessageKey } from "@/lib/i18n/translate";
import { PASSWORD_PROBLEMS } from "@/lib/schemas/account";

/** Why a password is refused, in the person's words, when the reason is more than its length. */
export function passwordProblem(message: string): MessageKey {
  if (message === PASSWORD_PROBLEMS.common) return "auth.passwordCommon";
  if (message === PASSWORD_PROBLEMS.personal) return "auth.passwordPersonal";
  if (message === PASSWORD_PROBLEMS.repetitive) return "auth.passwordRepetitive";
  return "auth.invalidPassword";
}

/**
 * Where a sign-in may send the person afterwards: a path of this site (not "//host", which a
 * browser reads as another site), to an invitation's page or the dashboard; anything else is
 * the dashboard.
 */
export function afterSignIn(next: unknown): string {
  return typeof next === "string" && /^\/(invitations|dashboard)(\/[\w-]*)*$/.test(next) ? next : "/dashboard";
}
