"use client";

import { useState } from "react";
import { apiRequest, ApiError } from "@/components/api-request";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";

/** Where signature.signed, signature.rejected and document.completed go (empty to stop). */
export function SigningWebhookForm({ initialUrl }: { initialUrl: string | null }) {
  const { t } = useI18n();
  const [url, setUrl] = useState(initialUrl ?? "");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setMessage(null);
    try {
      await apiRequest("/api/dashboard/signing-webhook", { method: "PUT", body: { url: url.trim() || null } });
      setMessage({ ok: true, text: t(url.trim() ? "webhooks.signingSaved" : "webhooks.signingCleared") });
    } catch (err) {
      setMessage({ ok: false, text: err instanceof ApiError ? (Object.values(err.errors)[0]?.[0] ?? err.message) : String(err) });
    }
  }

  return (
    <form onSubmit={save} className="flex flex-col gap-2 rounded-lg border border-zinc-200 bg-white p-4">
      <h2 className="text-base font-semibold">{t("webhooks.signingTitle")}</h2>
      <p className="text-sm text-zinc-600">{t("webhooks.signingLead")}</p>
      <label htmlFor="signing-webhook-url" className="text-sm font-medium">{t("webhooks.signingUrl")}</label>
      <input id="signing-webhook-url" type="url" inputMode="url" placeholder="https://" value={url} onChange={(e) => setUrl(e.target.value)} className="min-h-10 rounded-md border border-zinc-300 px-3 text-sm" />
      <div>
        <Button type="submit">{t("common.save")}</Button>
      </div>
      {message && <p role={message.ok ? "status" : "alert"} className={`text-sm ${message.ok ? "text-emerald-700" : "text-red-700"}`}>{message.text}</p>}
    </form>
  );
}
