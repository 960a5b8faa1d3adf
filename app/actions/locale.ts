"use server";

import { cookies } from "next/headers";
import { revalidatePath } from "next/cache";
import { auth } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { isLocale, LOCALE_COOKIE } from "@/lib/i18n/translate";
import { formInput } from "@/lib/http/action-input";
import { sessionUser } from "@/lib/services/session-actor";
import { updateAccount } from "@/lib/services/users/update-account";

/** The language switch: remembered in this browser and, when signed in, on the account. */
export async function setLocaleAction(input: FormData): Promise<void> {
  const locale = formInput(input).get("locale");
  if (!isLocale(locale)) return;
  (await cookies()).set(LOCALE_COOKIE, locale, { maxAge: 60 * 60 * 24 * 365, sameSite: "lax", path: "/" });
  const found = await sessionUser(await auth());
  if (found) await updateAccount(getDb(), found.actor, { name: found.user.name, locale });
  revalidatePath("/", "layout");
}
