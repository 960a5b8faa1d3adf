import Link from "next/link";
import { LocaleSwitch } from "@/components/layout/locale-switch";
import { serverTranslate } from "@/lib/i18n/request-locale";

export default async function LandingPage() {
  const { locale, t } = await serverTranslate();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between px-4 py-3 sm:px-8">
        <span className="text-xl font-bold text-brand-700">{t("common.appName")}</span>
        <LocaleSwitch locale={locale} t={t} />
      </header>
      <main className="mx-auto flex max-w-3xl flex-1 flex-col justify-center gap-6 px-4 py-12">
        <h1 className="text-3xl font-bold sm:text-5xl">{t("landing.headline")}</h1>
        <p className="text-lg text-zinc-700">{t("landing.lead")}</p>
        <div className="flex flex-wrap gap-3">
          <Link href="/signup" className="rounded-md bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800">{t("landing.signUp")}</Link>
          <Link href="/login" className="rounded-md border border-zinc-300 bg-white px-5 py-3 font-medium hover:bg-zinc-100">{t("landing.signIn")}</Link>
          <a href="/docs" className="px-2 py-3 font-medium text-brand-700 underline">{t("landing.docs")}</a>
        </div>
      </main>
    </div>
  );
}
