"use client";

import { useState, type FormEvent } from "react";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useCreateThenOpen } from "./use-create-then-open";

/** «Guardar como plantilla»: the document's PDF, boxes, order and settings, its signers as numbered roles. */
export function SaveAsTemplate({ documentId, fileName }: { documentId: string; fileName: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(fileName.replace(/\.pdf$/i, ""));
  const { create, failure, busy } = useCreateThenOpen();

  function submit(e: FormEvent) {
    e.preventDefault();
    void create("/v1/templates", { document_id: documentId, name }, (id) => `/dashboard/templates/${id}`);
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
