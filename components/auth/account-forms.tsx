"use client";

import Link from "next/link";
import { useActionState } from "react";
import {
  answerInvitationAction,
  confirmEmailAction,
  requestPasswordResetAction,
  resendConfirmationAction,
  resetPasswordAction,
  type AccountFormState,
} from "@/app/actions/account";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

function Alert({ state }: { state: AccountFormState }) {
  const { t } = useI18n();
  return state.error ? <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{t(state.error, state.errorParams)}</p> : null;
}

function Done({ text }: { text: string }) {
  return <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">{text}</p>;
}

export function ForgotPasswordForm() {
  const { t } = useI18n();
  const [state, action, pending] = useActionState<AccountFormState, FormData>(requestPasswordResetAction, {});
  if (state.sent) return <Done text={t("auth.forgotSent", { email: state.values?.email ?? "" })} />;
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-zinc-700">{t("auth.forgotIntro")}</p>
      <Alert state={state} />
      <Field id="email" name="email" type="email" autoComplete="email" required label={t("auth.email")} defaultValue={state.values?.email} error={state.fieldErrors?.email && t(state.fieldErrors.email)} />
      <Button type="submit" disabled={pending}>{t("auth.submitForgot")}</Button>
    </form>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useI18n();
  const [state, action, pending] = useActionState<AccountFormState, FormData>(resetPasswordAction, {});
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      <Alert state={state} />
      {state.error === "auth.linkInvalid" && <Link className="text-sm font-medium text-brand-700 underline" href="/forgot-password">{t("auth.requestAnother")}</Link>}
      <input type="hidden" name="token" value={token} />
      <p className="text-sm text-zinc-600">{t("auth.resetRevokes")}</p>
      <Field id="password" name="password" type="password" autoComplete="new-password" required minLength={8} label={t("auth.newPassword")} hint={t("auth.passwordHint")} error={state.fieldErrors?.password && t(state.fieldErrors.password)} />
      <Button type="submit" disabled={pending}>{t("auth.submitReset")}</Button>
    </form>
  );
}

export function ConfirmEmailForm({ token }: { token: string }) {
  const { t } = useI18n();
  const [state, action, pending] = useActionState<AccountFormState, FormData>(confirmEmailAction, {});
  if (state.done) {
    return (
      <div className="flex flex-col gap-4">
        <Done text={t("auth.confirmed")} />
        <Link className="font-medium text-brand-700 underline" href="/dashboard">{t("auth.goToDashboard")}</Link>
      </div>
    );
  }
  return (
    <form action={action} className="flex flex-col gap-4">
      <p className="text-sm text-zinc-700">{t("auth.confirmIntro")}</p>
      <Alert state={state} />
      <input type="hidden" name="token" value={token} />
      <Button type="submit" disabled={pending}>{t("auth.submitConfirm")}</Button>
    </form>
  );
}

/** The dashboard's reminder for an account whose address is not confirmed yet. */
export function ConfirmEmailBanner({ email }: { email: string }) {
  const { t } = useI18n();
  const [state, action, pending] = useActionState<AccountFormState, FormData>(resendConfirmationAction, {});
  return (
    <form action={action} data-testid="confirm-email-banner" className="flex flex-col gap-2 border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <p>{state.done ? t("auth.confirmed") : t("auth.unconfirmedBanner", { email })}</p>
      {state.sent ? <p role="status">{t("auth.confirmationSent")}</p> : state.error ? <Alert state={state} /> : (
        <Button type="submit" variant="secondary" disabled={pending}>{t("auth.resendConfirmation")}</Button>
      )}
    </form>
  );
}

export function InvitationAnswerForm({ token }: { token: string }) {
  const { t } = useI18n();
  const [state, action, pending] = useActionState<AccountFormState, FormData>(answerInvitationAction, {});
  return (
    <form action={action} className="flex flex-col gap-4">
      <Alert state={state} />
      <input type="hidden" name="token" value={token} />
      <div className="flex gap-2">
        <Button type="submit" name="answer" value="accept" disabled={pending}>{t("members.accept")}</Button>
        <Button type="submit" name="answer" value="decline" variant="secondary" disabled={pending}>{t("members.decline")}</Button>
      </div>
    </form>
  );
}
