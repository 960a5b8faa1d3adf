"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { dashboardFetch } from "@/components/dashboard-fetch";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { WebhookDeliveryJson } from "@/lib/schemas/dashboard";
import { webhookOutcomeText } from "./webhook-error-text";

const statusStyle = { pending: "bg-amber-100 text-amber-900", succeeded: "bg-green-100 text-green-900", failed: "bg-red-100 text-red-900" };

export function DeliveryLog() {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState("");
  const deliveries = useQuery({
    queryKey: ["webhook-deliveries"],
    queryFn: () => dashboardFetch<{ data: WebhookDeliveryJson[] }>("/api/dashboard/webhook-deliveries"),
    // While something is still being tried, keep the log fresh.
    refetchInterval: (q) => (q.state.data?.data.some((d) => d.status === "pending") ? 3000 : false),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["webhook-deliveries"] });
  const redeliver = useMutation({ mutationFn: (id: string) => dashboardFetch(`/api/dashboard/webhook-deliveries/${id}/redeliver`, { method: "POST" }), onSuccess: refresh });
  const test = useMutation({ mutationFn: (target: string) => dashboardFetch("/api/dashboard/webhook-deliveries/test", { method: "POST", body: JSON.stringify({ url: target }) }), onSuccess: refresh });
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale === "es" ? "es-MX" : "en-US") : "—");

  return (
    <div className="flex flex-col gap-6">
      <form
        className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          test.mutate(url);
        }}
      >
        <div className="flex-1">
          <Field id="test-url" type="url" label={t("webhooks.testUrl")} placeholder="https://example.com/webhooks" value={url} onChange={(e) => setUrl(e.target.value)} required />
        </div>
        <Button type="submit" disabled={test.isPending || !url}>{t("webhooks.sendTest")}</Button>
      </form>
      {test.isError && <p role="alert" className="text-sm text-red-700">{test.error.message}</p>}
      {test.isSuccess && <p role="status" className="text-sm text-green-700">{t("webhooks.queued")}</p>}

      {deliveries.isPending ? (
        <p className="text-sm text-zinc-500">{t("common.loading")}</p>
      ) : deliveries.isError ? (
        <p role="alert" className="text-sm text-red-700">{t("common.error")}</p>
      ) : deliveries.data.data.length === 0 ? (
        <p className="text-sm text-zinc-500">{t("webhooks.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {deliveries.data.data.map((d) => (
            <li key={d.id} className="rounded-lg border border-zinc-200 bg-white p-4" data-testid="webhook-delivery">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-mono text-sm font-semibold">{d.event_type}</p>
                  <p className="truncate text-sm text-zinc-600">{d.url}</p>
                </div>
                <div className="flex items-center gap-2">
                  <span className={`rounded-full px-2 py-0.5 text-xs ${statusStyle[d.status]}`}>{t(`webhooks.${d.status}`)}</span>
                  <Button type="button" variant="secondary" disabled={redeliver.isPending} onClick={() => redeliver.mutate(d.id)}>{t("webhooks.redeliver")}</Button>
                </div>
              </div>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 text-sm sm:grid-cols-3">
                <div><dt className="text-zinc-500">{t("webhooks.attempts")}</dt><dd>{d.attempts}</dd></div>
                <div><dt className="text-zinc-500">{t("webhooks.lastResult")}</dt><dd title={d.last_error ?? undefined}>{webhookOutcomeText(d.last_status_code, d.last_error, t)}</dd></div>
                <div><dt className="text-zinc-500">{t("webhooks.nextAttempt")}</dt><dd>{d.status === "pending" ? when(d.next_attempt_at) : "—"}</dd></div>
              </dl>
              {d.attempt_log.length > 0 && (
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer text-zinc-700">{t("webhooks.attempts")} ({d.attempt_log.length})</summary>
                  <ol className="mt-1 space-y-1 pl-4">
                    {d.attempt_log.map((a) => (
                      <li key={a.attempt} className="font-mono text-xs">
                        #{a.attempt} · {when(a.created_at)} · <span title={a.error ?? undefined}>{webhookOutcomeText(a.status_code, a.error, t)}</span> · {a.duration_ms} ms
                      </li>
                    ))}
                  </ol>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
