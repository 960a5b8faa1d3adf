import type { ReactNode } from "react";
import { PublicHeader } from "@/components/layout/public-header";
import { I18nProvider } from "@/components/providers";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { catalogs } from "@/lib/i18n/translate";

export default async function AuthLayout({ children }: { children: ReactNode }) {
  const { locale, t } = await serverTranslate();
  return (
    <I18nProvider locale={locale} messages={catalogs[locale]}>
      <div className="flex min-h-dvh flex-col">
        <PublicHeader locale={locale} t={t} />
        <main className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
          <div className="w-full max-w-sm rounded-lg border border-zinc-200 bg-white p-6 shadow-sm">{children}</div>
        </main>
      </div>
    </I18nProvider>
  );
}
