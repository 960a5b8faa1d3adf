"use server";

import { AuthError } from "next-auth";
import { cookies, headers } from "next/headers";
import { isRedirectError } from "next/dist/client/components/redirect-error";
import { signIn, signOut, SignInThrottled } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { formInput } from "@/lib/http/action-input";
import { clientIp, limitSignUp, minutesToWait } from "@/lib/http/rate-limit";
import { requestLocale } from "@/lib/i18n/request-locale";
import { LOCALE_COOKIE, type MessageKey } from "@/lib/i18n/translate";
import { signInSchema, signUpSchema } from "@/lib/schemas/account";
import { findUserByEmail } from "@/lib/services/users/find-user";
import { signUp } from "@/lib/services/users/sign-up";
import { afterSignIn, passwordProblem } from "./password-message";

export type FormState = { sent?: boolean; error?: MessageKey; errorParams?: Record<string, number>; fieldErrors?: Partial<Record<"name" | "email" | "password", MessageKey>>; values?: Record<string, string> };

const fieldMessage = { name: "auth.invalidName", email: "auth.invalidEmail", password: "auth.invalidPassword" } as const;

const YEAR = 60 * 60 * 24 * 365;

export async function signInAction(_prev: FormState, input: FormData): Promise<FormState> {
  const form = formInput(input);
  const values = { email: String(form.get("email") ?? "") };
  const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) return { error: "auth.invalidCredentials", values };
  try {
    await signIn("credentials", { ...parsed.data, redirectTo: afterSignIn(form.get("next")) });
  } catch (err) {
    if (err instanceof SignInThrottled) return tooManyAttempts(err.minutes, values);
    if (err instanceof AuthError) return { error: "auth.invalidCredentials", values };
    // Signed in (signIn redirects by throwing). Only now does the account's language follow the
    // person to this browser: set before, it told anyone which e-mails have an account.
    if (isRedirectError(err)) {
      const user = await findUserByEmail(getDb(), parsed.data.email);
      if (user) (await cookies()).set(LOCALE_COOKIE, user.locale, { maxAge: YEAR, sameSite: "lax", path: "/" });
    }
    throw err;
  }
  return {};
}

export async function signUpAction(_prev: FormState, input: FormData): Promise<FormState> {
  const form = formInput(input);
  const raw = { name: form.get("name"), email: form.get("email"), password: form.get("password") };
  const values = { name: String(raw.name ?? ""), email: String(raw.email ?? "") };
  const parsed = signUpSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: FormState["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof typeof fieldMessage;
      fieldErrors[field] = field === "password" ? passwordProblem(issue.message) : fieldMessage[field];
    }
    return { fieldErrors, values };
  }
  try {
    await limitSignUp(clientIp(await headers()));
  } catch (err) {
    if (err instanceof AppError && err.code === "RATE_LIMITED") return tooManyAttempts(minutesToWait(err), values);
    throw err;
  }
  // The same answer whether or not the address has an account: the e-mail says which.
  await signUp(getDb(), { ...parsed.data, locale: await requestLocale() });
  return { sent: true, values: { email: parsed.data.email } };
}

function tooManyAttempts(minutes: number, values: Record<string, string>): FormState {
  return { error: "auth.tooManyAttempts", errorParams: { minutes }, values };
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/login" });
}
