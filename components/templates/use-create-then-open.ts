"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiErrorText } from "@/components/api-error-text";
import { ApiError, apiRequest } from "@/components/api-request";
import { useI18n } from "@/components/providers";

/** POSTs to an API that answers `{data: {id}}` and opens the page of what it made; else keeps its errors. */
export function useCreateThenOpen() {
  const { t } = useI18n();
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  async function create(url: string, body: unknown, pageOf: (id: string) => string) {
    setBusy(true);
    setFailure(null);
    setErrors({});
    try {
      const { data } = await apiRequest<{ data: { id: string } }>(url, { method: "POST", body });
      router.push(pageOf(data.id));
    } catch (err) {
      setFailure(apiErrorText(t, err));
      if (err instanceof ApiError) setErrors(err.errors);
      setBusy(false);
    }
  }
  return { create, failure, errors, busy };
}
