import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { messagesFor } from "@/lib/i18n/translate";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await serverTranslate();
  return { title: { default: t("meta.title"), template: `%s · ${t("meta.title")}` }, description: t("meta.description") };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/**
 * Every page: the language, and of the messages only what the error page shows. Each part of
 * the site adds its own in its layout (the dashboard also its data cache), so a public page
 * downloads none of the others'.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const { locale } = await serverTranslate();
  return (
    <html lang={locale}>
      <body className="min-h-dvh bg-zinc-50 text-zinc-900 antialiased">
        <Providers locale={locale} messages={messagesFor(locale, ["common", "errors"])}>{children}</Providers>
      </body>
    </html>
  );
}
