"use client";

import { useActionState, useState } from "react";
import type { StartVerificationState } from "@/app/actions/identity-sessions";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

const CHECKS = [
  ["INE", "identityReview.newCheckIne"],
  ["CURP", "identityReview.newCheckCurp"],
  ["LIVENESS_DETECTION", "identityReview.newCheckLiveness"],
] as const;

/**
 * Start an identity verification from the dashboard: the checks, and optionally an e-mail and a
 * mobile number to send the link to; the link is shown to copy either way.
 */
export function StartVerificationForm({ action }: { action: (prev: StartVerificationState, form: FormData) => Promise<StartVerificationState> }) {
  const { t } = useI18n();
  const [state, formAction, pending] = useActionState<StartVerificationState, FormData>(action, {});
  const [copied, setCopied] = useState(false);
  const errors = state.errors ?? {};
  return (
    <form action={formAction} className="flex flex-col gap-4" aria-describedby="new-verification-lead">
      <p id="new-verification-lead" className="text-sm text-zinc-600">{t("identityReview.newLead")}</p>
      <fieldset className="flex flex-col gap-2" aria-invalid={errors.validations ? true : undefined}>
        <legend className="text-sm font-medium text-zinc-800">{t("identityReview.newChecks")}</legend>
        <div className="flex flex-wrap gap-4">
          {CHECKS.map(([value, label]) => (
            <label key={value} className="flex min-h-10 items-center gap-2 text-base">
              <input type="checkbox" name="validations" value={value} defaultChecked={value !== "LIVENESS_DETECTION"} className="size-5" />
              {t(label)}
            </label>
          ))}
        </div>
        {errors.validations && <p role="alert" className="text-sm text-red-700">{errors.validations}</p>}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="new-verification-email" name="email" type="email" autoComplete="off" label={t("identityReview.newEmail")} hint={t("identityReview.newEmailHint")} error={errors.email} />
        <Field id="new-verification-phone" name="phone" type="tel" inputMode="numeric" autoComplete="off" label={t("identityReview.newPhone")} hint={t("identityReview.newPhoneHint")} error={errors.phone} />
        <Field id="new-verification-reference" name="reference" maxLength={120} label={t("identityReview.newReference")} hint={t("identityReview.newReferenceHint")} error={errors.reference} />
      </div>
      {state.noTransactions && <p role="alert" className="text-sm text-red-700">{t("identityReview.newNoTransactions")}</p>}
      <div>
        <Button type="submit" disabled={pending}>{pending ? t("common.loading") : t("identityReview.newSubmit")}</Button>
      </div>
      {state.url && (
        <div role="status" className="flex flex-col gap-2 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
          <p>{state.sentTo?.length ? t("identityReview.newSent", { to: state.sentTo.join(", ") }) : t("identityReview.newCreated")}</p>
          <code data-testid="new-verification-url" className="break-all rounded bg-white px-2 py-1 text-xs text-zinc-900">{state.url}</code>
          <div>
            <Button type="button" onClick={() => void navigator.clipboard?.writeText(state.url!).then(() => setCopied(true))}>{copied ? t("common.copied") : t("common.copy")}</Button>
          </div>
        </div>
      )}
    </form>
  );
}
