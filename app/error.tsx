"use client";

import { useI18n } from "@/components/providers";

/** An unexpected failure while rendering a page: no stack, a way to retry, in the person's language. */
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const { t } = useI18n();
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 px-4 py-12">
      <p className="text-xl font-bold text-brand-700">{t("common.appName")}</p>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("errors.unexpectedTitle")}</h1>
      <p className="text-zinc-700">{t("errors.unexpectedLead")}</p>
      {error.digest && <p className="text-sm text-zinc-500">{t("errors.reference", { id: error.digest })}</p>}
      <div>
        <button type="button" onClick={reset} className="rounded-md bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800">{t("errors.retry")}</button>
      </div>
    </main>
  );
}
