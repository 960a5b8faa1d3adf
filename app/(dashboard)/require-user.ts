import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { afterSignIn } from "@/app/actions/password-message";
import { auth } from "@/lib/auth";
import { REQUEST_PATH_HEADER } from "@/lib/http/request-path";
import { sessionUser } from "@/lib/services/session-actor";

/**
 * The signed-in user of a dashboard page; anyone else goes to the sign-in page, which brings
 * them back to the page they asked for (a deep link from an e-mail or a bookmark). The path
 * comes from proxy.ts and passes afterSignIn's check here and again after sign-in, so only a
 * path of this site's dashboard or invitations is ever carried (never `//host` or a URL).
 */
export async function requireUser() {
  const found = await sessionUser(await auth());
  if (!found) {
    const path = (await headers()).get(REQUEST_PATH_HEADER);
    redirect(path && path !== "/dashboard" && afterSignIn(path) === path ? `/login?next=${encodeURIComponent(path)}` : "/login");
  }
  return found;
}
