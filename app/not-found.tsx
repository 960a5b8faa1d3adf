import type { Metadata } from "next";
import { serverTranslate } from "@/lib/i18n/request-locale";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await serverTranslate();
  return { title: t("errors.notFoundTitle") };
}

/**
 * Any address we do not serve: said in the person's language, with a way back. Plain links, not
 * next/link: this boundary's JavaScript loads with every page (the signing page included), and
 * leaving a 404 needs no client-side navigation.
 */
export default async function NotFound() {
  const { t } = await serverTranslate();
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 px-4 py-12">
      <p className="text-xl font-bold text-brand-700">{t("common.appName")}</p>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("errors.notFoundTitle")}</h1>
      <p className="text-zinc-700">{t("errors.notFoundLead")}</p>
      <div className="flex flex-wrap gap-3">
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above: next/link would load with every page */}
        <a href="/" className="rounded-md bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800">{t("errors.home")}</a>
        <a href="/verify" className="rounded-md border border-zinc-300 bg-white px-5 py-3 font-medium hover:bg-zinc-100">{t("errors.verify")}</a>
      </div>
    </main>
  );
}
