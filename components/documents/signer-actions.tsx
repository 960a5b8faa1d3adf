"use client";

import { useState } from "react";
import { apiErrorText } from "@/components/api-error-text";
import { apiRequest } from "@/components/api-request";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";

/**
 * Owners only. The signing link is a bearer secret: it is not in the page, it is asked for when
 * "Copiar enlace" is pressed, and the API records every such reveal.
 */
export function SignerActions({ documentId, signatoryId, name, canResend }: { documentId: string; signatoryId: string; name: string; canResend: boolean }) {
  const { t } = useI18n();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [shownLink, setShownLink] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const copy = async () => {
    let link: string;
    try {
      link = (await apiRequest<{ url: string }>(`/v1/documents/${documentId}/signatures/${signatoryId}/link`, { method: "POST" })).url;
    } catch (err) {
      return setStatus({ ok: false, text: apiErrorText(t, err) });
    }
    try {
      await navigator.clipboard.writeText(link);
      setStatus({ ok: true, text: t("signers.linkCopied", { name }) });
    } catch {
      // No clipboard (an http:// address other than localhost, or refused): show it to copy by hand.
      setShownLink(link);
      setStatus({ ok: false, text: t("signers.copyByHand") });
    }
  };
  const resend = async () => {
    setPending(true);
    try {
      await apiRequest(`/v1/documents/${documentId}/signatures/${signatoryId}/notice`, { method: "POST" });
      setStatus({ ok: true, text: t("signers.noticeSent", { name }) });
    } catch (err) {
      setStatus({ ok: false, text: apiErrorText(t, err) });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={() => void copy()} aria-label={t("signers.copyLinkOf", { name })}>{t("signers.copyLink")}</Button>
        {canResend && (
          <Button type="button" variant="secondary" disabled={pending} onClick={() => void resend()} aria-label={t("signers.resendOf", { name })}>{t("signers.resend")}</Button>
        )}
      </div>
      {shownLink && <input readOnly value={shownLink} aria-label={t("signers.link")} onFocus={(e) => e.target.select()} className="min-h-10 w-full rounded-md border border-zinc-300 px-2 font-mono text-xs" />}
      <p role="status" className={`text-sm ${status?.ok === false ? "text-red-700" : "text-green-700"}`}>{status?.text}</p>
    </div>
  );
}
