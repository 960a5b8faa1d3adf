import Link from "next/link";
import type { ReactNode } from "react";
import { LocaleSwitch } from "@/components/layout/locale-switch";
import { serverTranslate } from "@/lib/i18n/request-locale";

export default async function AuthLayout({ children }: { children: ReactNode }) {
  const { locale, t } = await serverTranslate();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between px-4 py-3 sm:px-8">
        <Link href="/" className="text-xl font-bold text-brand-700">{t("common.appName")}</Link>
        <LocaleSwitch locale={locale} t={t} />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <div className="w-full max-w-sm rounded-lg border border-zinc-200 bg-white p-6 shadow-sm">{children}</div>
      </main>
    </div>
  );
}
