"use client";

import { useEffect, useState } from "react";
import { apiErrorText, fieldErrorText } from "@/components/api-error-text";
import { apiRequest } from "@/components/api-request";
import { useI18n } from "@/components/providers";
import type { BulkSendResource } from "@/lib/schemas/templates";

/**
 * A bulk send's progress: the bar, the counts and the refused rows with their reasons, polled
 * once a second from the API until the send is DONE or FAILED. The same view right after a send
 * (the form) and later, from the list of past sends (its own page).
 */
export function BulkSendProgress({ initial, initialRefused, onFinished }: { initial: BulkSendResource; initialRefused: BulkSendResource["rows"]; onFinished?: () => void }) {
  const { t } = useI18n();
  const [send, setSend] = useState(initial);
  const [refused, setRefused] = useState(initialRefused);
  const [failure, setFailure] = useState<string | null>(null);
  const running = send.attributes.status !== "DONE" && send.attributes.status !== "FAILED";
  useEffect(() => {
    if (!running) onFinished?.();
  }, [running, onFinished]);
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(async () => {
      try {
        const [now, failed] = await Promise.all([
          apiRequest<{ data: BulkSendResource }>(`/v1/bulk-sends/${send.id}?size=1`),
          apiRequest<{ data: BulkSendResource }>(`/v1/bulk-sends/${send.id}?status=FAILED&size=100`),
        ]);
        setSend(now.data);
        setRefused(failed.data.rows);
      } catch (err) {
        setFailure(apiErrorText(t, err));
      }
    }, 1000);
    return () => clearTimeout(timer);
  }, [send, running, t]);

  const a = send.attributes;
  const percent = a.total_rows ? Math.round(((a.created + a.failed) / a.total_rows) * 100) : 0;
  return (
    <div className="flex flex-col gap-2" data-testid="bulk-progress">
      <div role="progressbar" aria-label={t("templates.bulkProgress")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-3 w-full overflow-hidden rounded bg-zinc-200">
        <div className="h-full bg-brand-700 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm" aria-live="polite" data-testid="bulk-counts" data-status={a.status}>
        {t(a.status === "DONE" ? "templates.bulkDone" : "templates.bulkRunning", { created: String(a.created), failed: String(a.failed), total: String(a.total_rows) })}
      </p>
      {failure && <p role="alert" className="text-sm text-red-700">{failure}</p>}
      {refused.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm text-red-800" data-testid="bulk-refused">
          {refused.map((r) => (
            <li key={r.row}>{t("templates.bulkRow", { row: String(r.row) })}: {Object.entries(r.errors ?? {}).map(([path, messages]) => `${path.replace(/^roles\./, "")}: ${messages.map((m) => fieldErrorText(t, m)).join(" ")}`).join("; ")}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
