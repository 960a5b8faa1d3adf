"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { apiErrorText } from "@/components/api-error-text";
import { apiRequest } from "@/components/api-request";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

/** «Guardar como plantilla»: the document's PDF, boxes, order and settings, its signers as numbered roles. */
export function SaveAsTemplate({ documentId, fileName }: { documentId: string; fileName: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(fileName.replace(/\.pdf$/i, ""));
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const { data } = await apiRequest<{ data: { id: string } }>("/v1/templates", { method: "POST", body: { document_id: documentId, name } });
      router.push(`/dashboard/templates/${data.id}`);
    } catch (err) {
      setFailure(apiErrorText(t, err));
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <Button type="button" variant="secondary" onClick={() => setOpen(true)}>{t("templates.saveAs")}</Button>
    );
  }
  return (
    <form onSubmit={submit} className="flex w-full flex-wrap items-end gap-2 rounded-md border border-zinc-200 bg-white p-3">
      <div className="min-w-60 flex-1">
        <Field id="template-name" label={t("templates.name")} hint={t("templates.saveAsHint")} required value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <Button type="submit" disabled={busy || !name.trim()}>{t("common.save")}</Button>
      <Button type="button" variant="secondary" onClick={() => setOpen(false)}>{t("templates.closeSaveAs")}</Button>
      {failure && <p role="alert" className="w-full text-sm text-red-700">{failure}</p>}
    </form>
  );
}
