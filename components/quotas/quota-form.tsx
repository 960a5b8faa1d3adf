"use client";

import { useActionState } from "react";
import { setUserQuotaAction, type QuotaState } from "@/app/actions/quotas";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { QUOTA_MAX } from "@/lib/schemas/identity-review";

type PerPeriod = { documents: number | null; notices: number | null };

/** One user's "transactions left", and their documents and notices per period (empty: the default), set together. */
export function QuotaForm({ userId, email, transactions, perPeriod, defaults }: { userId: string; email: string; transactions: number; perPeriod: PerPeriod; defaults: { documents: number; notices: number } }) {
  const { t } = useI18n();
  const [state, action, pending] = useActionState<QuotaState, FormData>(setUserQuotaAction, {});
  const id = `quota-${userId}`;
  const error = state.invalid ? t("quotas.invalid") : state.notFound ? t("quotas.notFound") : null;
  return (
    <form action={action} className="flex flex-col gap-1" data-testid="quota-form">
      <input type="hidden" name="userId" value={userId} />
      <label htmlFor={id} className="sr-only">{t("quotas.newValue", { email })}</label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          name="transactions"
          type="number"
          inputMode="numeric"
          min={0}
          max={QUOTA_MAX}
          step={1}
          required
          defaultValue={state.value ?? String(state.saved ?? transactions)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-h-10 w-24 rounded-md border border-zinc-300 bg-white px-2 text-base aria-invalid:border-red-500"
        />
        <Button type="submit" variant="secondary" disabled={pending} className="px-3">{t("quotas.set")}</Button>
      </div>
      {(["documents", "notices"] as const).map((kind) => (
        <div key={kind} className="flex flex-col">
          <label htmlFor={`${id}-${kind}`} className="text-xs text-zinc-600">{t(`quotas.${kind}`, { email })}</label>
          <input
            id={`${id}-${kind}`}
            name={kind === "documents" ? "documentQuota" : "noticeQuota"}
            type="number"
            inputMode="numeric"
            min={0}
            max={QUOTA_MAX}
            step={1}
            placeholder={t("quotas.perPeriodHint", { n: defaults[kind] })}
            defaultValue={perPeriod[kind] ?? ""}
            className="min-h-10 w-full rounded-md border border-zinc-300 bg-white px-2 text-base"
          />
        </div>
      ))}
      {error && <p id={`${id}-error`} role="alert" className="text-xs text-red-700">{error}</p>}
      {state.saved !== undefined && !error && <p role="status" className="text-xs text-green-700">{t("quotas.saved", { n: state.saved })}</p>}
    </form>
  );
}
