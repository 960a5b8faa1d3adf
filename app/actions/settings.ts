"use server";

import { cookies } from "next/headers";
import { revalidatePath } from "next/cache";
import { getDb } from "@/lib/db/client";
import { LOCALE_COOKIE } from "@/lib/i18n/translate";
import { AppError } from "@/lib/errors";
import type { MessageKey } from "@/lib/i18n/translate";
import { accountUpdateSchema, passwordChangeSchema } from "@/lib/schemas/account";
import { actionUser, formInput } from "@/lib/http/action-input";
import { companyProfileSchema } from "@/lib/schemas/company-profile";
import { updateCompanyProfile } from "@/lib/services/company-profiles/update-company-profile";
import { changePassword } from "@/lib/services/users/change-password";
import { rotateWebhookSecret, updateAccount } from "@/lib/services/users/update-account";
import { passwordProblem } from "./password-message";

export type SettingsState = { saved?: boolean; fieldErrors?: Record<string, string[]> };

async function actor() {
  return (await actionUser()).actor;
}

export async function updateAccountAction(_prev: SettingsState, input: FormData): Promise<SettingsState> {
  const form = formInput(input);
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

export type PasswordState = { saved?: boolean; endedSessions?: number; fieldErrors?: { current?: MessageKey; password?: MessageKey } };

/** A new password; the account's other sessions end, this one goes on. */
export async function changePasswordAction(_prev: PasswordState, input: FormData): Promise<PasswordState> {
  const form = formInput(input);
  const found = await actionUser();
  const parsed = passwordChangeSchema.safeParse({ current: form.get("current"), password: form.get("password") });
  if (!parsed.success) {
    const fieldErrors: PasswordState["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === "current") fieldErrors.current = "settings.currentPasswordWrong";
      else fieldErrors.password ??= passwordProblem(issue.message);
    }
    return { fieldErrors };
  }
  try {
    const { endedSessions } = await changePassword(getDb(), found.actor, found.sessionId, parsed.data);
    return { saved: true, endedSessions };
  } catch (err) {
    if (err instanceof AppError && err.code === "INVALID") {
      return { fieldErrors: err.errors?.current ? { current: "settings.currentPasswordWrong" } : { password: passwordProblem(err.errors?.password?.[0] ?? "") } };
    }
    throw err;
  }
}

export type CompanyProfileState = { saved?: boolean; fieldErrors?: { legalName?: MessageKey; brandColor?: MessageKey; logo?: MessageKey } };

// The service's 422 messages are the API's English; the form shows them in the person's language.
function logoErrorKey(message: string): MessageKey {
  if (message.startsWith("The logo weighs")) return "settings.logoTooHeavy";
  if (message.startsWith("The logo is ")) return "settings.logoTooLarge";
  return "settings.logoNotImage";
}

/** The account's company profile: legal name, brand colour, and a new logo or none. */
export async function updateCompanyProfileAction(_prev: CompanyProfileState, input: FormData): Promise<CompanyProfileState> {
  const form = formInput(input);
  const parsed = companyProfileSchema.safeParse({ legalName: form.get("legalName") ?? "", brandColor: form.get("brandColor") ?? "" });
  if (!parsed.success) {
    const fieldErrors: CompanyProfileState["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === "legalName") fieldErrors.legalName = "settings.legalNameTooLong";
      else fieldErrors.brandColor = "settings.brandColorInvalid";
    }
    return { fieldErrors };
  }
  const file = form.get("logo");
  const logo = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : form.get("removeLogo") === "on" ? null : undefined;
  try {
    await updateCompanyProfile(getDb(), await actor(), { ...parsed.data, logo });
  } catch (err) {
    if (err instanceof AppError && err.code === "INVALID" && err.errors?.logo) return { fieldErrors: { logo: logoErrorKey(err.errors.logo[0] ?? "") } };
    throw err;
  }
  revalidatePath("/dashboard/settings");
  return { saved: true };
}
