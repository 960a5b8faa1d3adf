import type { Metadata } from "next";
import type { ReactNode } from "react";
import { LocaleSwitch } from "@/components/layout/locale-switch";
import { I18nProvider } from "@/components/providers";
import { SIGNING_PAGE_NAMESPACES } from "@/components/signing/signing-page-messages";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { messagesFor } from "@/lib/i18n/translate";

// The URL is a bearer secret: no Referer to anyone (links, the PDF tab), and no search engine.
export async function generateMetadata(): Promise<Metadata> {
  const { t } = await serverTranslate();
  return { title: t("signing.title"), referrer: "no-referrer", robots: { index: false, follow: false } };
}

/**
 * Public pages reached from a link: the brand and the language switch, no dashboard; in the
 * browser only the signing page's own messages, not the whole catalog.
 */
export default async function SignatureLayout({ children }: { children: ReactNode }) {
  const { locale, t } = await serverTranslate();
  return (
    <I18nProvider locale={locale} messages={messagesFor(locale, SIGNING_PAGE_NAMESPACES)}>
      <div className="flex min-h-dvh flex-col">
        <header className="flex items-center justify-between gap-2 border-b border-zinc-200 bg-white px-4 py-3 sm:px-6">
          <span className="text-xl font-bold text-brand-700">{t("common.appName")}</span>
          <LocaleSwitch locale={locale} t={t} />
        </header>
        <main className="flex flex-1 flex-col">{children}</main>
      </div>
    </I18nProvider>
  );
}
