"use client";

import { useActionState } from "react";
import type { RedeliverState } from "@/app/actions/identity-review";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";

/** "Send again" for one delivery, as a form: works before hydration; says when it is queued. */
export function RedeliverButton({ deliveryId, action }: { deliveryId: string; action: (prev: RedeliverState, form: FormData) => Promise<RedeliverState> }) {
  const { t } = useI18n();
  const [state, formAction, pending] = useActionState<RedeliverState, FormData>(action, {});
  return (
    <form action={formAction} className="flex items-center gap-2">
      <input type="hidden" name="deliveryId" value={deliveryId} />
      <Button type="submit" variant="secondary" disabled={pending} className="min-h-8 px-3 py-1">{t("webhooks.redeliver")}</Button>
      {state.queued && <span role="status" className="text-xs text-green-700">{t("webhooks.redelivered")}</span>}
      {state.notFound && <span role="alert" className="text-xs text-red-700">{t("common.error")}</span>}
    </form>
  );
}
