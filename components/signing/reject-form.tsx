"use client";

import { useRef, useState, type FormEvent } from "react";
import { apiRequest } from "@/components/api-request";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import type { SigningLinkData } from "./signing-link-view";
import { signErrorsOf } from "./signing-errors";

const MIN = 3;
const MAX = 1000;

/** Rejecting is final, so it sits behind its own button and asks for the reason the owner will read. */
export function RejectForm({ view, onDone, onConflict, onError }: { view: SigningLinkData; onDone: (next: SigningLinkData) => void; onConflict: () => void; onError?: (status: number | null) => void }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (reason.trim().length < MIN) {
      setError(t("signing.errors.reasonTooShort"));
      field.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      const answer = await apiRequest<{ data: SigningLinkData }>(`/v1/signatures/${view.id}/reject`, { method: "POST", body: { reason: reason.trim() } });
      onDone(answer.data);
    } catch (err) {
      const errors = signErrorsOf(t, err);
      setError(errors.form ?? Object.values(errors).join(" "));
      onError?.((err as { status?: number }).status ?? null);
    if ((err as { status?: number }).status === 409) onConflict();
    } finally {
      setSending(false);
    }
  }

  if (!open) {
    return (
      <Button type="button" variant="danger" aria-expanded={false} aria-controls="reject-section" onClick={() => setOpen(true)} className="w-full sm:w-auto sm:self-start">
        {t("signing.rejectOpen")}
      </Button>
    );
  }

  return (
    <section id="reject-section" aria-labelledby="reject-title" className="flex flex-col gap-3 rounded-lg border border-red-200 bg-red-50/50 p-4">
      <h2 id="reject-title" className="text-lg font-semibold">{t("signing.rejectTitle")}</h2>
      <p className="text-sm text-zinc-700">{t("signing.rejectLead")}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <label htmlFor="reject-reason" className="text-sm font-medium text-zinc-800">{t("signing.rejectReason")}</label>
        <textarea
          ref={field}
          id="reject-reason"
          autoFocus
          rows={4}
          maxLength={MAX}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`reject-hint${error ? " reject-error" : ""}`}
          className="rounded-md border border-zinc-300 bg-white px-3 py-2 text-base aria-invalid:border-red-500"
        />
        <p id="reject-hint" className="text-xs text-zinc-500">{t("signing.rejectHint", { count: reason.length, max: MAX })}</p>
        {error && <p id="reject-error" role="alert" className="text-sm text-red-700">{error}</p>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="danger" disabled={sending}>{sending ? t("signing.rejecting") : t("signing.rejectSubmit")}</Button>
          <Button type="button" variant="secondary" disabled={sending} onClick={() => setOpen(false)}>{t("signing.rejectCancel")}</Button>
        </div>
      </form>
    </section>
  );
}
