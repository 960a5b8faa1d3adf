"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiErrorText } from "@/components/api-error-text";
import { apiRequest } from "@/components/api-request";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";

/** Deletes an empty folder; the API refuses (409) while it holds documents, and we say why. */
export function DeleteFolder({ folderId, name }: { folderId: string; name: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const remove = async () => {
    if (!window.confirm(t("folders.confirmDelete", { name }))) return;
    setPending(true);
    setProblem(null);
    try {
      await apiRequest(`/v1/companies/${folderId}`, { method: "DELETE" });
      router.push("/dashboard/folders");
      router.refresh();
    } catch (err) {
      setProblem(apiErrorText(t, err));
      setPending(false);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-zinc-600">{t("folders.deleteLead")}</p>
      {problem && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{problem}</p>}
      <div>
        <Button type="button" variant="danger" disabled={pending} onClick={() => void remove()}>{t("folders.delete")}</Button>
      </div>
    </div>
  );
}
