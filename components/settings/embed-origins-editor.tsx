"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { dashboardFetch } from "@/components/dashboard-fetch";
import type { ApiKeySummaryJson } from "@/lib/schemas/dashboard";
import { embedOrigin, MAX_EMBED_ORIGINS } from "@/lib/schemas/embedding";

/**
 * Embedded signing: the origins (one a line) that may frame the signing pages of documents this
 * key creates. Checked here with the API's own schema, so the person reads which line is wrong
 * in their language; the server checks again.
 */
export function EmbedOriginsEditor({ apiKey }: { apiKey: ApiKeySummaryJson }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [text, setText] = useState(apiKey.embed_origins.join("\n"));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (origins: string[]) => dashboardFetch<{ embed_origins: string[] }>(`/api/dashboard/api-keys/${apiKey.id}`, { method: "PATCH", body: JSON.stringify({ embed_origins: origins }) }),
    onSuccess: (res) => {
      setText(res.embed_origins.join("\n"));
      void queryClient.invalidateQueries({ queryKey: ["api-keys"] });
    },
  });
  const id = `embed-origins-${apiKey.id}`;

  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
        const wrong = lines.find((l) => !embedOrigin.safeParse(l).success);
        if (wrong !== undefined) return setProblem(t("settings.embedOriginInvalid", { origin: wrong }));
        if (lines.length > MAX_EMBED_ORIGINS) return setProblem(t("settings.embedOriginsTooMany", { max: MAX_EMBED_ORIGINS }));
        setProblem(null);
        save.mutate(lines.map((l) => embedOrigin.parse(l)));
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-zinc-800">{t("settings.embedOriginsLabel", { name: apiKey.name })}</label>
      <p id={`${id}-hint`} className="text-xs text-zinc-500">{t("settings.embedOriginsLead")}</p>
      <textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={3}
        spellCheck={false}
        placeholder="https://app.example.com"
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ""}`}
        className="rounded-md border border-zinc-300 bg-white px-3 py-2 font-mono text-sm aria-invalid:border-red-500"
      />
      {problem && <p id={`${id}-error`} role="alert" className="text-sm text-red-700">{problem}</p>}
      {save.isError && <p role="alert" className="text-sm text-red-700">{t("common.error")}</p>}
      {save.isSuccess && !problem && <p role="status" className="text-sm text-green-800">{t("settings.saved")}</p>}
      <div>
        <Button type="submit" variant="secondary" disabled={save.isPending}>{t("settings.saveEmbedOrigins")}</Button>
      </div>
    </form>
  );
}
