"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { ApiKeySummaryJson } from "@/lib/schemas/dashboard";
import { dashboardFetch } from "@/components/dashboard-fetch";
import { EmbedOriginsEditor } from "./embed-origins-editor";

/** `confirmed`: keys wait for a confirmed address (a squatter's key would outlive the owner's reset). */
export function ApiKeyManager({ confirmed }: { confirmed: boolean }) {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const keys = useQuery({ queryKey: ["api-keys"], queryFn: () => dashboardFetch<{ data: ApiKeySummaryJson[] }>("/api/dashboard/api-keys") });
  const create = useMutation({
    mutationFn: (keyName: string) => dashboardFetch<{ key: string }>("/api/dashboard/api-keys", { method: "POST", body: JSON.stringify({ name: keyName }) }),
    onSuccess: (res) => {
      setCreated(res.key);
      setCopied(false);
      setName("");
      void queryClient.invalidateQueries({ queryKey: ["api-keys"] });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => dashboardFetch(`/api/dashboard/api-keys/${id}`, { method: "DELETE" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["api-keys"] }),
  });
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale === "es" ? "es-MX" : "en-US") : t("common.never"));

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-zinc-600">{t("settings.apiKeysLead")}</p>
      {!confirmed ? (
        <p data-testid="api-keys-unconfirmed" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t("settings.confirmFirst")}</p>
      ) : (
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) create.mutate(name.trim());
          }}
        >
          <div className="flex-1">
            <Field id="key-name" label={t("settings.keyName")} value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />
          </div>
          <Button type="submit" disabled={create.isPending || !name.trim()}>{t("settings.createKey")}</Button>
        </form>
      )}
      {create.isError && <p role="alert" className="text-sm text-red-700">{t("common.error")}</p>}
      {created && (
        <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4">
          <p className="font-semibold">{t("settings.newKeyTitle")}</p>
          <p className="mb-2 text-sm">{t("settings.newKeyWarning")}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code data-testid="new-api-key" className="break-all rounded bg-white px-2 py-1 font-mono text-sm">{created}</code>
            <Button
              type="button"
              variant="secondary"
              onClick={() => void navigator.clipboard?.writeText(created).then(() => setCopied(true))}
            >
              {copied ? t("common.copied") : t("common.copy")}
            </Button>
          </div>
        </div>
      )}
      {keys.isPending ? (
        <p className="text-sm text-zinc-500">{t("common.loading")}</p>
      ) : keys.isError ? (
        <p role="alert" className="text-sm text-red-700">{t("common.error")}</p>
      ) : keys.data.data.length === 0 ? (
        <p className="text-sm text-zinc-500">{t("settings.noKeys")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-zinc-500">
              <tr>
                <th className="py-2 pr-3 font-medium">{t("settings.keyName")}</th>
                <th className="py-2 pr-3 font-medium">{t("settings.prefix")}</th>
                <th className="py-2 pr-3 font-medium">{t("settings.lastUsed")}</th>
                <th className="py-2 pr-3 font-medium">{t("settings.status")}</th>
                <th className="py-2"><span className="sr-only">{t("settings.revoke")}</span></th>
              </tr>
            </thead>
            <tbody>
              {keys.data.data.map((k) => [
                <tr key={k.id} className="border-t border-zinc-200" data-testid="api-key-row">
                  <td className="py-2 pr-3">{k.name}</td>
                  <td className="py-2 pr-3 font-mono">{k.prefix}…</td>
                  <td className="py-2 pr-3">{when(k.last_used_at)}</td>
                  <td className="py-2 pr-3">{k.revoked_at ? t("settings.revoked") : t("settings.active")}</td>
                  <td className="py-2 text-right">
                    {!k.revoked_at && (
                      <Button
                        type="button"
                        variant="danger"
                        disabled={revoke.isPending}
                        onClick={() => {
                          if (window.confirm(t("settings.confirmRevoke", { name: k.name }))) revoke.mutate(k.id);
                        }}
                      >
                        {t("settings.revoke")}
                      </Button>
                    )}
                  </td>
                </tr>,
                // Embedded signing is set per live key (a revoked key's documents frame nowhere).
                !k.revoked_at && (
                  <tr key={`${k.id}-embed`} data-testid="api-key-embed">
                    <td colSpan={5} className="pb-3">
                      <details>
                        <summary className="cursor-pointer text-sm text-brand-700">
                          {t("settings.embedOrigins")}: {k.embed_origins.length ? k.embed_origins.join(", ") : t("settings.embedOriginsNone")}
                        </summary>
                        <div className="mt-2">
                          <EmbedOriginsEditor apiKey={k} />
                        </div>
                      </details>
                    </td>
                  </tr>
                ),
              ])}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
