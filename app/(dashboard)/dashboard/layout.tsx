import Link from "next/link";
import type { ReactNode } from "react";
import { signOutAction } from "@/app/actions/auth";
import { ConfirmEmailBanner } from "@/components/auth/account-forms";
import { DashboardNav } from "@/components/layout/dashboard-nav";
import { LocaleSwitch } from "@/components/layout/locale-switch";
import { I18nProvider } from "@/components/providers";
import { QueryProvider } from "@/components/query-provider";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { catalogs } from "@/lib/i18n/translate";
import { requireUser } from "../require-user";

/** The dashboard's client components use most of the catalog: it comes whole, in the page's language. */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { user } = await requireUser();
  const { locale, t } = await serverTranslate();
  return (
    <QueryProvider>
      <I18nProvider locale={locale} messages={catalogs[locale]}>
        <div className="flex min-h-dvh flex-col">
          {/* One row on a phone too: the person's name only where there is room for it. */}
          <header className="flex items-center justify-between gap-2 border-b border-zinc-200 bg-white px-4 py-3 sm:px-6">
            <Link href="/dashboard" className="text-xl font-bold text-brand-700">{t("common.appName")}</Link>
            <div className="flex min-w-0 items-center gap-2 sm:gap-3">
              <span className="hidden truncate text-sm text-zinc-700 sm:inline" data-testid="user-name">{user.name}</span>
              <LocaleSwitch locale={locale} t={t} />
              <form action={signOutAction}>
                <button type="submit" className="rounded-md border border-zinc-300 px-3 py-1 text-sm hover:bg-zinc-100">{t("auth.signOut")}</button>
              </form>
            </div>
          </header>
          {!user.emailConfirmedAt && <ConfirmEmailBanner email={user.email} />}
          <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-4 p-4 md:flex-row md:gap-8 md:p-6">
            <aside className="md:w-52 md:shrink-0"><DashboardNav admin={user.role === "admin"} /></aside>
            <main className="min-w-0 flex-1">{children}</main>
          </div>
        </div>
      </I18nProvider>
    </QueryProvider>
  );
}
