"use client";

import { useActionState } from "react";
import { updateAccountAction, type SettingsState } from "@/app/actions/settings";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

export function AccountForm({ name, email, locale }: { name: string; email: string; locale: "es" | "en" }) {
  const { t } = useI18n();
  const [state, action, pending] = useActionState<SettingsState, FormData>(updateAccountAction, {});
  return (
    <form action={action} className="flex max-w-md flex-col gap-4">
      <Field id="account-name" name="name" label={t("auth.name")} defaultValue={name} required error={state.fieldErrors?.name ? t("auth.invalidName") : undefined} />
      <Field id="account-email" label={t("auth.email")} value={email} readOnly disabled />
      <div className="flex flex-col gap-1">
        <label htmlFor="account-locale" className="text-sm font-medium">{t("common.language")}</label>
        <select id="account-locale" name="locale" defaultValue={locale} className="min-h-10 rounded-md border border-zinc-300 bg-white px-3">
          <option value="es">{t("common.spanish")}</option>
          <option value="en">{t("common.english")}</option>
        </select>
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={pending}>{t("common.save")}</Button>
        {state.saved && <span role="status" className="text-sm text-green-700">{t("settings.saved")}</span>}
      </div>
    </form>
  );
}
