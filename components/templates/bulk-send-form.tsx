"use client";

import { useEffect, useState, type FormEvent } from "react";
import { apiErrorText, fieldErrorText } from "@/components/api-error-text";
import { ApiError, apiRequest } from "@/components/api-request";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import type { BulkSendResource } from "@/lib/schemas/templates";
import { FolderSelect } from "./folder-select";
import type { FolderOption, TemplateRoleOption } from "./template-role";

/**
 * Bulk send from a CSV (or JSON lines): the file goes as the request body, then the job's
 * progress is polled once a second until it is done, with the refused rows and their reasons.
 */
export function BulkSendForm({ templateId, roles, folders }: { templateId: string; roles: TemplateRoleOption[]; folders: FolderOption[] }) {
  const { t } = useI18n();
  const [file, setFile] = useState<File | null>(null);
  const [folderId, setFolderId] = useState(folders[0]?.id ?? "");
  const [send, setSend] = useState<BulkSendResource | null>(null);
  const [refused, setRefused] = useState<BulkSendResource["rows"]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const header = [...roles.flatMap((r) => [`${r.key}.nombre`, `${r.key}.email`, `${r.key}.telefono`]), "archivo"].join(",");

  const running = send !== null && send.attributes.status !== "DONE" && send.attributes.status !== "FAILED";
  useEffect(() => {
    if (!send || !running) return;
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

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    setFailure(null);
    const jsonl = /\.(jsonl|ndjson)$/i.test(file.name);
    const res = await fetch(`/v1/templates/${templateId}/bulk-sends?container_id=${encodeURIComponent(folderId)}`, { method: "POST", headers: { "content-type": jsonl ? "application/x-ndjson" : "text/csv" }, body: await file.text() }).catch(() => null);
    const body = res ? await res.json().catch(() => ({})) : {};
    setBusy(false);
    if (!res || res.status !== 202) {
      const errors = (body as { errors?: Record<string, string[]> }).errors ?? {};
      setFailure([apiErrorText(t, new ApiError(res?.status ?? 0, (body as { message?: string }).message ?? "", errors)), ...Object.values(errors).flat()].join(" "));
      return;
    }
    setSend((body as { data: BulkSendResource }).data);
    setRefused((body as { data: BulkSendResource }).data.rows);
  }

  const a = send?.attributes;
  const done = a ? a.created + a.failed : 0;
  const percent = a && a.total_rows ? Math.round((done / a.total_rows) * 100) : 0;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-md border border-zinc-200 bg-white p-4" aria-labelledby="bulk-title">
      <h2 id="bulk-title" className="text-lg font-semibold">{t("templates.bulkTitle")}</h2>
      <p className="text-sm text-zinc-600">{t("templates.bulkLead")}</p>
      <code className="overflow-x-auto rounded bg-zinc-100 p-2 text-xs" data-testid="bulk-header">{header}</code>
      <div className="flex flex-col gap-1">
        <label htmlFor="bulk-file" className="text-sm font-medium text-zinc-800">{t("templates.bulkFile")}</label>
        <input id="bulk-file" type="file" accept=".csv,.jsonl,.ndjson,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} className="text-sm" />
      </div>
      <FolderSelect id="bulk-folder" folders={folders} value={folderId} onChange={setFolderId} />
      {failure && <p role="alert" className="text-sm text-red-700">{failure}</p>}
      <Button type="submit" disabled={!file || busy || running} className="self-start">{t("templates.bulkSend")}</Button>
      {a && (
        <div className="flex flex-col gap-2" data-testid="bulk-progress">
          <div role="progressbar" aria-label={t("templates.bulkProgress")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-3 w-full overflow-hidden rounded bg-zinc-200">
            <div className="h-full bg-brand-700 transition-all" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-sm" aria-live="polite" data-testid="bulk-counts" data-status={a.status}>
            {t(a.status === "DONE" ? "templates.bulkDone" : "templates.bulkRunning", { created: String(a.created), failed: String(a.failed), total: String(a.total_rows) })}
          </p>
          {refused.length > 0 && (
            <ul className="flex flex-col gap-1 text-sm text-red-800" data-testid="bulk-refused">
              {refused.map((r) => (
                <li key={r.row}>{t("templates.bulkRow", { row: String(r.row) })}: {Object.entries(r.errors ?? {}).map(([path, messages]) => `${path.replace(/^roles\./, "")}: ${messages.map((m) => fieldErrorText(t, m)).join(" ")}`).join("; ")}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
