"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { formInput } from "@/lib/http/action-input";
import { clientIp, limitAccountMail, minutesToWait } from "@/lib/http/rate-limit";
import type { MessageKey } from "@/lib/i18n/translate";
import { emailSchema, passwordSchema } from "@/lib/schemas/account";
import { sessionUser } from "@/lib/services/session-actor";
import { confirmEmail, resendConfirmation } from "@/lib/services/users/confirm-email";
import { requestPasswordReset, resetPassword } from "@/lib/services/users/reset-password";
import { answerInvitationByToken } from "@/lib/services/work-folders/answer-folder-invitation";
import { passwordProblem } from "./password-message";

export type AccountFormState = {
  error?: MessageKey;
  errorParams?: Record<string, number>;
  fieldErrors?: Partial<Record<"email" | "password", MessageKey>>;
  /** A link was mailed (or would have been: the answer is the same). */
  sent?: boolean;
  done?: boolean;
  values?: Record<string, string>;
};

const isCode = (err: unknown, code: AppError["code"]): err is AppError => err instanceof AppError && err.code === code;

// Every action takes its FormData through formInput: anyone can POST any arguments to an action
// id, and what no form of ours sends is a 404, never a 500 (lib/http/action-input.ts).

/** Throttled per address and per e-mail; the same answer whether or not the e-mail has an account. */
export async function requestPasswordResetAction(_prev: AccountFormState, input: FormData): Promise<AccountFormState> {
  const form = formInput(input);
  const values = { email: String(form.get("email") ?? "") };
  const email = emailSchema.safeParse(form.get("email"));
  if (!email.success) return { fieldErrors: { email: "auth.invalidEmail" }, values };
  try {
    await limitAccountMail("password-reset", email.data, clientIp(await headers()));
  } catch (err) {
    if (isCode(err, "RATE_LIMITED")) return { error: "auth.tooManyAttempts", errorParams: { minutes: minutesToWait(err) }, values };
    throw err;
  }
  await requestPasswordReset(getDb(), email.data);
  return { sent: true, values: { email: email.data } };
}

export async function resetPasswordAction(_prev: AccountFormState, input: FormData): Promise<AccountFormState> {
  const form = formInput(input);
  const password = passwordSchema.safeParse(form.get("password"));
  if (!password.success) return { fieldErrors: { password: passwordProblem(password.error.issues[0]!.message) } };
  try {
    await resetPassword(getDb(), String(form.get("token") ?? ""), password.data);
  } catch (err) {
    if (isCode(err, "NOT_FOUND")) return { error: "auth.linkInvalid" };
    if (isCode(err, "INVALID")) return { fieldErrors: { password: "auth.passwordPersonal" } };
    throw err;
  }
  redirect("/login?reset=1");
}

/** A button, not the link itself: mail scanners open links, and a GET should change nothing. */
export async function confirmEmailAction(_prev: AccountFormState, input: FormData): Promise<AccountFormState> {
  const form = formInput(input);
  // The browser that pressed the button stays signed in; other sessions made before it end.
  const here = await sessionUser(await auth());
  try {
    await confirmEmail(getDb(), String(form.get("token") ?? ""), here?.sessionId ?? null);
  } catch (err) {
    if (isCode(err, "NOT_FOUND")) return { error: "auth.linkInvalid" };
    throw err;
  }
  return { done: true };
}

export async function resendConfirmationAction(): Promise<AccountFormState> {
  const found = await sessionUser(await auth());
  if (!found) redirect("/login");
  try {
    await limitAccountMail("confirm-again", found.user.email, clientIp(await headers()));
    await resendConfirmation(getDb(), found.actor);
  } catch (err) {
    if (isCode(err, "RATE_LIMITED")) return { error: "auth.tooManyAttempts", errorParams: { minutes: minutesToWait(err) } };
    if (isCode(err, "CONFLICT")) return { done: true };
    throw err;
  }
  return { sent: true };
}

/** Accept or decline from the invitation e-mail's link, as the invited (confirmed) address. */
export async function answerInvitationAction(_prev: AccountFormState, input: FormData): Promise<AccountFormState> {
  const form = formInput(input);
  const token = String(form.get("token") ?? "");
  const found = await sessionUser(await auth());
  if (!found) redirect("/login");
  const answer = form.get("answer") === "decline" ? "decline" : "accept";
  let folderId: string;
  try {
    ({ folderId } = await answerInvitationByToken(getDb(), found.actor, token, answer));
  } catch (err) {
    if (isCode(err, "NOT_FOUND")) return { error: "members.invitationGone" };
    if (isCode(err, "FORBIDDEN")) return { error: "members.invitationUnconfirmed" };
    throw err;
  }
  redirect(answer === "accept" ? `/dashboard/folders/${folderId}` : "/dashboard");
}
