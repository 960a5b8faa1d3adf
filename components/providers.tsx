"use client";

import { createContext, useContext, useEffect, useMemo, type ReactNode } from "react";
import type { Locale } from "@/lib/i18n/translate";
import { translator, type MessageSubset, type Translate } from "@/lib/i18n/translator";

type I18n = { locale: Locale; t: Translate; messages: MessageSubset };

const I18nContext = createContext<I18n>({ locale: "es", t: translator({}), messages: {} });

export function useI18n() {
  return useContext(I18nContext);
}

/**
 * The page's language and the messages its client components show. The catalogs stay on the
 * server: each layout sends the namespaces its part of the site uses (lib/i18n/translate.ts
 * messagesFor), added to those of the layouts above it, so the signing page (read on phones)
 * carries its own words and not the dashboard's.
 */
export function I18nProvider({ locale, messages, children }: { locale: Locale; messages: MessageSubset; children: ReactNode }) {
  const above = useContext(I18nContext).messages;
  const i18n = useMemo(() => {
    const all = { ...above, ...messages };
    return { locale, messages: all, t: translator(all) };
  }, [locale, above, messages]);
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** The root's providers: the language, with the messages every page may need (the error page's). */
export function Providers({ locale, messages, children }: { locale: Locale; messages: MessageSubset; children: ReactNode }) {
  useEffect(() => {
    // Tests wait for this before clicking, so forms are never submitted before hydration.
    document.body.dataset.hydrated = "true";
  }, []);
  return (
    <I18nProvider locale={locale} messages={messages}>
      {children}
    </I18nProvider>
  );
}
