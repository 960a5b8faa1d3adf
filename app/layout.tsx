import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { serverTranslate } from "@/lib/i18n/request-locale";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await serverTranslate();
  return { title: { default: t("meta.title"), template: `%s · ${t("meta.title")}` }, description: t("meta.description") };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { locale } = await serverTranslate();
  return (
    <html lang={locale}>
      <body className="min-h-dvh bg-zinc-50 text-zinc-900 antialiased">
        <Providers locale={locale}>{children}</Providers>
      </body>
    </html>
  );
}
