import type { Metadata } from "next";
import type { ReactNode } from "react";
import { LocaleSwitch } from "@/components/layout/locale-switch";
import { serverTranslate } from "@/lib/i18n/request-locale";

// The URL is a bearer secret: no Referer to anyone (links, the PDF tab), and no search engine.
export async function generateMetadata(): Promise<Metadata> {
  const { t } = await serverTranslate();
  return { title: t("signing.title"), referrer: "no-referrer", robots: { index: false, follow: false } };
}

/** Public pages reached from a link: the brand and the language switch, no dashboard. */
export default async function SignatureLayout({ children }: { children: ReactNode }) {
  const { locale, t } = await serverTranslate();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between gap-2 border-b border-zinc-200 bg-white px-4 py-3 sm:px-6">
        <span className="text-xl font-bold text-brand-700">{t("common.appName")}</span>
        <LocaleSwitch locale={locale} t={t} />
      </header>
      <main className="flex flex-1 flex-col">{children}</main>
    </div>
  );
}
