"use server";

import { cookies } from "next/headers";
import { revalidatePath } from "next/cache";
import { auth } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { LOCALE_COOKIE } from "@/lib/i18n/translate";
import { accountUpdateSchema } from "@/lib/schemas/account";
import { sessionUser } from "@/lib/services/session-actor";
import { rotateWebhookSecret, updateAccount } from "@/lib/services/users/update-account";

export type SettingsState = { saved?: boolean; fieldErrors?: Record<string, string[]> };

async function actor() {
  const found = await sessionUser((await auth())?.user?.id);
  if (!found) throw new Error("Not signed in");
  return found.actor;
}

export async function updateAccountAction(_prev: SettingsState, form: FormData): Promise<SettingsState> {
  const parsed = accountUpdateSchema.safeParse({ name: form.get("name"), locale: form.get("locale") });
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0])] ??= []).push(issue.message);
    return { fieldErrors };
  }
  await updateAccount(getDb(), await actor(), parsed.data);
  (await cookies()).set(LOCALE_COOKIE, parsed.data.locale, { maxAge: 60 * 60 * 24 * 365, sameSite: "lax", path: "/" });
  revalidatePath("/", "layout");
  return { saved: true };
}

export async function rotateWebhookSecretAction(): Promise<void> {
  await rotateWebhookSecret(getDb(), await actor());
  revalidatePath("/dashboard/settings");
}
