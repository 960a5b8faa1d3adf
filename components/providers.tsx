"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { makeTranslate, type Locale, type Translate } from "@/lib/i18n/translate";

const I18nContext = createContext<{ locale: Locale; t: Translate }>({ locale: "es", t: makeTranslate("es") });

export function useI18n() {
  return useContext(I18nContext);
}

export function Providers({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: 1 } } }));
  const i18n = useMemo(() => ({ locale, t: makeTranslate(locale) }), [locale]);
  useEffect(() => {
    // Tests wait for this before clicking, so forms are never submitted before hydration.
    document.body.dataset.hydrated = "true";
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>
    </QueryClientProvider>
  );
}
