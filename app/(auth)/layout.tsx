import type { ReactNode } from "react";
import { PublicHeader } from "@/components/layout/public-header";
import { serverTranslate } from "@/lib/i18n/request-locale";

export default async function AuthLayout({ children }: { children: ReactNode }) {
  const { locale, t } = await serverTranslate();
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader locale={locale} t={t} />
      <main className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <div className="w-full max-w-sm rounded-lg border border-zinc-200 bg-white p-6 shadow-sm">{children}</div>
      </main>
    </div>
  );
}
