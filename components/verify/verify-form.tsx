"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FilePicker } from "@/components/signing/file-picker";
import { useI18n } from "@/components/providers";
import type { SubmissionVerification } from "@/lib/schemas/verify";
import { VerificationResult } from "./verification-result";

/** Sends a PDF or XML to POST /v1/verify and shows the answer; the file stays only as long as the request. */
export function VerifyForm() {
  const { t, locale } = useI18n();
  const [result, setResult] = useState<SubmissionVerification | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<File | undefined>();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file || file.size === 0) {
      setError(t("verify.chooseFile"));
      return;
    }
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const form = new FormData();
      form.set("file", file);
      const res = await fetch("/v1/verify", { method: "POST", body: form });
      const body = (await res.json()) as { data?: SubmissionVerification; message?: string; errors?: Record<string, string[]> };
      // A refused file's reason (a limit it passed) is on `file`; the message alone says only "invalid".
      if (!res.ok || !body.data) throw new Error(body.errors?.file?.[0] ?? body.message ?? `HTTP ${res.status}`);
      setResult(body.data);
    } catch (err) {
      setError(`${t("verify.failed")} ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={onSubmit} className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-4">
        <FilePicker id="verify-file" label={t("verify.fileLabel")} accept="application/pdf,.pdf,application/xml,text/xml,.xml" onPick={setFile} />
        <p className="text-xs text-zinc-500">{t("verify.privacy")}</p>
        <div>
          <Button type="submit" disabled={busy}>{busy ? t("verify.checking") : t("verify.submit")}</Button>
        </div>
        {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      </form>
      {result && <VerificationResult result={result} locale={locale} t={t} />}
    </div>
  );
}
