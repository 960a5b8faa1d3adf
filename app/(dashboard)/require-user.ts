import { redirect } from "next/navigation";
import { auth } from "@/lib/auth";
import { sessionUser } from "@/lib/services/session-actor";

/** The signed-in user of a dashboard page; anyone else goes to the sign-in page. */
export async function requireUser() {
  const found = await sessionUser(await auth());
  if (!found) redirect("/login");
  return found;
}
