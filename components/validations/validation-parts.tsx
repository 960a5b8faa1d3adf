import type { ReactNode } from "react";
import type { RedeliverState } from "@/app/actions/identity-review";
import { RedeliverButton } from "@/components/webhooks/redeliver-button";
import type { Translate } from "@/lib/i18n/translate";
import type { DeliveryWithAttempts } from "@/lib/services/webhooks/list-webhook-deliveries";
import { webhookOutcomeText } from "@/components/webhooks/webhook-error-text";

const tone: Record<string, string> = {
  pendiente: "bg-amber-100 text-amber-900",
  pending: "bg-amber-100 text-amber-900",
  processing: "bg-sky-100 text-sky-900",
  OK: "bg-green-100 text-green-900",
  completed: "bg-green-100 text-green-900",
  DATOS_NO_COINCIDEN: "bg-red-100 text-red-900",
  ERROR: "bg-zinc-200 text-zinc-800",
  failed: "bg-zinc-200 text-zinc-800",
  valid: "bg-green-100 text-green-900",
  invalid: "bg-red-100 text-red-900",
};

/** A completed INE validation is shown by its answer: current credential or not. */
export function ineBadgeStatus(v: { status: string; result: { data: { status: boolean } } | null }): string {
  return v.status === "completed" ? (v.result?.data.status ? "valid" : "invalid") : v.status;
}

export function ValidationStatusBadge({ status, t }: { status: string; t: Translate }) {
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ${tone[status] ?? "bg-zinc-100"}`} data-testid="validation-status">
      {t(`validations.state_${status}` as never)}
    </span>
  );
}

/** A definition list of label/value pairs; empty values are left out. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
      {rows
        .filter(([, value]) => value !== null && value !== undefined && value !== "")
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-600">{label}</dt>
            <dd className="min-w-0 break-words font-medium">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * A resource's webhook deliveries with their attempts; with `redeliver` (a server action) each can
 * be sent again, and `describe` says in words what a delivery told (e.g. which status change).
 */
export function ValidationDeliveries({
  deliveries,
  t,
  format,
  redeliver,
  describe,
}: {
  deliveries: DeliveryWithAttempts[];
  t: Translate;
  format: (d: Date) => string;
  redeliver?: (prev: RedeliverState, form: FormData) => Promise<RedeliverState>;
  describe?: (d: DeliveryWithAttempts) => string | null;
}) {
  if (!deliveries.length) return <p className="text-sm text-zinc-500">{t("validations.noDeliveries")}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {deliveries.map((d) => (
        <li key={d.id} className="rounded-md border border-zinc-200 p-3 text-sm" data-testid="validation-delivery">
          <div className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 break-all font-mono font-semibold">{d.eventType}</span>
            {describe?.(d) && <span data-testid="delivery-summary">{describe(d)}</span>}
            <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs">{t(`webhooks.${d.status}`)}</span>
            <span className="text-zinc-600">{t("validations.attempts", { n: d.attempts })}</span>
            {redeliver && (
              <div className="ml-auto">
                <RedeliverButton deliveryId={d.id} action={redeliver} />
              </div>
            )}
          </div>
          <p className="truncate text-zinc-600">{d.url}</p>
          <ul className="mt-1 text-xs text-zinc-600">
            {d.attemptLog.map((a) => (
              <li key={a.id}>
                #{a.attempt} · {format(a.createdAt)} · <span title={a.error ?? undefined}>{webhookOutcomeText(a.statusCode, a.error, t)}</span> · {a.durationMs} ms
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
