"use client";

import { useState, type FormEvent } from "react";
import { apiErrorText } from "@/components/api-error-text";
import { ApiError } from "@/components/api-request";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import type { BulkSendResource } from "@/lib/schemas/templates";
import { BulkSendProgress } from "./bulk-send-progress";
import { FolderSelect } from "./folder-select";
import type { FolderOption, TemplateRoleOption } from "./template-role";

/**
 * Bulk send from a CSV (or JSON lines): the file goes as the request body, then the job's
 * progress (BulkSendProgress) until it is done, with the refused rows and their reasons.
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

  // Another file only once this send is over (the progress view says when).
  const [finished, setFinished] = useState(false);
  const running = send !== null && !finished;

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
    setFinished(false);
    setSend((body as { data: BulkSendResource }).data);
    setRefused((body as { data: BulkSendResource }).data.rows);
  }

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
      {send && <BulkSendProgress key={send.id} initial={send} initialRefused={refused} onFinished={() => setFinished(true)} />}
    </form>
  );
}
