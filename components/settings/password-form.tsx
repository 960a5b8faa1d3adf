"use client";

import { useActionState } from "react";
import { changePasswordAction, type PasswordState } from "@/app/actions/settings";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

/** A new password, given the current one; the account's other sessions end with it. */
export function PasswordForm() {
  const { t } = useI18n();
  const [state, action, pending] = useActionState<PasswordState, FormData>(changePasswordAction, {});
  return (
    <form action={action} className="flex max-w-md flex-col gap-4" noValidate>
      <p className="text-sm text-zinc-600">{t("settings.passwordLead")}</p>
      <Field id="current-password" name="current" type="password" autoComplete="current-password" required label={t("settings.currentPassword")} error={state.fieldErrors?.current ? t(state.fieldErrors.current) : undefined} />
      <Field id="new-password" name="password" type="password" autoComplete="new-password" required minLength={8} label={t("settings.newPassword")} hint={t("auth.passwordHint")} error={state.fieldErrors?.password ? t(state.fieldErrors.password) : undefined} />
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={pending}>{t("settings.changePassword")}</Button>
        {state.saved && <span role="status" className="text-sm text-green-700">{t("settings.passwordChanged", { count: String(state.endedSessions ?? 0) })}</span>}
      </div>
    </form>
  );
}
