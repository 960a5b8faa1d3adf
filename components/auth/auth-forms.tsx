"use client";

import Link from "next/link";
import { useActionState } from "react";
import { signInAction, signUpAction, type FormState } from "@/app/actions/auth";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { MessageKey } from "@/lib/i18n/translate";

/** `next`: where to go once signed in (an invitation's page); `notice`: what the page was sent here after. */
export function SignInForm({ next, notice }: { next?: string; notice?: MessageKey }) {
  const { t } = useI18n();
  const [state, action, pending] = useActionState<FormState, FormData>(signInAction, {});
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      {notice && !state.error && <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">{t(notice)}</p>}
      {state.error && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{t(state.error, state.errorParams)}</p>}
      {next && <input type="hidden" name="next" value={next} />}
      <Field id="email" name="email" type="email" autoComplete="email" required label={t("auth.email")} defaultValue={state.values?.email} />
      <Field id="password" name="password" type="password" autoComplete="current-password" required label={t("auth.password")} />
      <Button type="submit" disabled={pending}>{t("auth.submitSignIn")}</Button>
      <p className="text-sm">
        <Link className="font-medium text-brand-700 underline" href="/forgot-password">{t("auth.forgotPassword")}</Link>
      </p>
      <p className="text-sm text-zinc-600">
        {t("auth.noAccount")} <Link className="font-medium text-brand-700 underline" href="/signup">{t("landing.signUp")}</Link>
      </p>
    </form>
  );
}

export function SignUpForm() {
  const { t } = useI18n();
  const [state, action, pending] = useActionState<FormState, FormData>(signUpAction, {});
  const fieldError = (name: "name" | "email" | "password") => {
    const key = state.fieldErrors?.[name];
    return key ? t(key) : undefined;
  };
  if (state.sent) {
    return (
      <div role="status" data-testid="check-email" className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{t("auth.checkEmailTitle")}</h2>
        <p className="text-sm text-zinc-700">{t("auth.checkEmail", { email: state.values?.email ?? "" })}</p>
      </div>
    );
  }
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      {state.error && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{t(state.error, state.errorParams)}</p>}
      <Field id="name" name="name" autoComplete="name" required label={t("auth.name")} defaultValue={state.values?.name} error={fieldError("name")} />
      <Field id="email" name="email" type="email" autoComplete="email" required label={t("auth.email")} defaultValue={state.values?.email} error={fieldError("email")} />
      <Field id="password" name="password" type="password" autoComplete="new-password" required minLength={8} label={t("auth.password")} hint={t("auth.passwordHint")} error={fieldError("password")} />
      <Button type="submit" disabled={pending}>{t("auth.submitSignUp")}</Button>
      <p className="text-sm text-zinc-600">
        {t("auth.haveAccount")} <Link className="font-medium text-brand-700 underline" href="/login">{t("auth.signInTitle")}</Link>
      </p>
    </form>
  );
}
