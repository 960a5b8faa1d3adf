import type { Metadata } from "next";
import type { ReactNode } from "react";
import { LocaleSwitch } from "@/components/layout/locale-switch";
import { I18nProvider } from "@/components/providers";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { catalogs } from "@/lib/i18n/translate";

// The URL is the session's bearer secret: no Referer to anyone, and no search engine.
export async function generateMetadata(): Promise<Metadata> {
  const { t } = await serverTranslate();
  return { title: t("identityForm.title"), referrer: "no-referrer", robots: { index: false, follow: false } };
}

export default async function VerificationLayout({ children }: { children: ReactNode }) {
  const { locale, t } = await serverTranslate();
  return (
    <I18nProvider locale={locale} messages={catalogs[locale]}>
      <div className="flex min-h-dvh flex-col">
        <header className="flex items-center justify-end gap-2 px-4 py-2 sm:px-6">
          <LocaleSwitch locale={locale} t={t} />
        </header>
        <main className="flex flex-1 flex-col">{children}</main>
      </div>
    </I18nProvider>
  );
}
