import Link from "next/link";
import { LocaleSwitch } from "@/components/layout/locale-switch";
import type { Locale, Translate } from "@/lib/i18n/translate";

/** The header of pages people reach without the dashboard: the brand and the language switch. */
export function PublicHeader({ locale, t, linkHome = true }: { locale: Locale; t: Translate; linkHome?: boolean }) {
  const brand = <span className="text-xl font-bold text-brand-700">{t("common.appName")}</span>;
  return (
    <header className="flex items-center justify-between gap-2 px-4 py-3 sm:px-8">
      {linkHome ? <Link href="/">{brand}</Link> : brand}
      <LocaleSwitch locale={locale} t={t} />
    </header>
  );
}
