"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiErrorText } from "@/components/api-error-text";
import { apiRequest } from "@/components/api-request";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";

/** Cancelling keeps the record but ends every signing link: ask first. */
export function CancelDocument({ documentId, fileName }: { documentId: string; fileName: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const cancel = async () => {
    if (!window.confirm(t("document.confirmCancel", { name: fileName }))) return;
    setPending(true);
    setProblem(null);
    try {
      await apiRequest(`/v1/documents/${documentId}`, { method: "DELETE" });
      router.refresh();
    } catch (err) {
      setProblem(apiErrorText(t, err));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button type="button" variant="danger" disabled={pending} onClick={() => void cancel()}>{t("document.cancel")}</Button>
      {problem && <p role="alert" className="basis-full text-sm text-red-700">{problem}</p>}
    </>
  );
}
