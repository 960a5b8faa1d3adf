import Link from "next/link";
import { LocaleSwitch } from "@/components/layout/locale-switch";
import { serverTranslate } from "@/lib/i18n/request-locale";

const FEATURES = [
  ["landing.f1Title", "landing.f1"],
  ["landing.f2Title", "landing.f2"],
  ["landing.f3Title", "landing.f3"],
  ["landing.f4Title", "landing.f4"],
] as const;

/** What the product does, for someone who arrives at the root: then sign up, sign in or verify a file. */
export default async function LandingPage() {
  const { locale, t } = await serverTranslate();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between px-4 py-3 sm:px-8">
        <span className="text-xl font-bold text-brand-700">{t("common.appName")}</span>
        <LocaleSwitch locale={locale} t={t} />
      </header>
      <main className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-12 px-4 py-12">
        <section className="flex flex-col gap-6">
          <h1 className="text-3xl font-bold sm:text-5xl">{t("landing.headline")}</h1>
          <p className="text-lg text-zinc-700">{t("landing.lead")}</p>
          <div className="flex flex-wrap gap-3">
            <Link href="/signup" className="rounded-md bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800">{t("landing.signUp")}</Link>
            <Link href="/login" className="rounded-md border border-zinc-300 bg-white px-5 py-3 font-medium hover:bg-zinc-100">{t("landing.signIn")}</Link>
            <Link href="/verify" className="px-2 py-3 font-medium text-brand-700 underline">{t("landing.verify")}</Link>
            <a href="/docs" className="px-2 py-3 font-medium text-brand-700 underline">{t("landing.docs")}</a>
          </div>
        </section>
        <section aria-labelledby="features" className="flex flex-col gap-4">
          <h2 id="features" className="text-xl font-semibold">{t("landing.featuresTitle")}</h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {FEATURES.map(([title, text]) => (
              <li key={title} className="rounded-lg border border-zinc-200 bg-white p-5">
                <h3 className="font-semibold">{t(title)}</h3>
                <p className="mt-2 text-zinc-700">{t(text)}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="px-4 py-6 text-center text-sm text-zinc-600 sm:px-8">
        {t("landing.footer")} · <Link href="/privacidad" className="underline">{t("privacy.title")}</Link>
      </footer>
    </div>
  );
}
