import type { Metadata } from "next";
import { PublicHeader } from "@/components/layout/public-header";
import { I18nProvider } from "@/components/providers";
import { VerificationResult } from "@/components/verify/verification-result";
import { VerifyForm } from "@/components/verify/verify-form";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { messagesFor } from "@/lib/i18n/translate";
import { verifyFile } from "@/lib/services/signing/verify-file";

// The root layout's template adds " · Rúbrica".
export const metadata: Metadata = { title: "Verificar un documento", referrer: "no-referrer" };

/**
 * Public: drop a PDF or XML, or arrive from the QR code of a signature sheet (?id= the document's
 * id; sheets sealed before 2026-11-26 carry ?hash= the original's).
 */
export default async function VerifyPage({ searchParams }: { searchParams: Promise<{ hash?: string; id?: string }> }) {
  const { locale, t } = await serverTranslate();
  const { hash, id } = await searchParams;
  const byHash =
    typeof id === "string" && /^[0-9a-f-]{36}$/i.test(id) ? await verifyFile(getDb(), { id: id.toLowerCase() }) : typeof hash === "string" && /^[0-9A-Fa-f]{64}$/.test(hash) ? await verifyFile(getDb(), { hash }) : null;
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader locale={locale} t={t} />
      <main className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6">
        <div>
          <h1 className="text-2xl font-semibold">{t("verify.title")}</h1>
          <p className="mt-1 text-sm text-zinc-600">{t("verify.lead")}</p>
        </div>
        {byHash && <VerificationResult result={byHash} locale={locale} t={t} />}
        {/* The form's words (its file picker is the signing page's) and the result's. */}
        <I18nProvider locale={locale} messages={messagesFor(locale, ["signing", "verify"])}>
          <VerifyForm />
        </I18nProvider>
        {/* What people meet when they check a sealed PDF with poppler's pdfsig (README, "Signing, sealing, verifying"). */}
        <details className="rounded-lg border border-zinc-200 bg-white p-4 text-sm text-zinc-800">
          <summary className="cursor-pointer font-medium">{t("verify.toolsTitle")}</summary>
          <p className="mt-2">{t("verify.toolsIssuer")}</p>
          <p className="mt-2">{t("verify.toolsTime")}</p>
        </details>
      </main>
    </div>
  );
}
