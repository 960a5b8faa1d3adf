import es from "@/messages/es.json";
import en from "@/messages/en.json";
import { translator, type Messages, type MessageSubset, type Namespace, type Translate } from "./translator";

export type { MessageKey, Messages, MessageSubset, Namespace, Translate } from "./translator";

export const LOCALES = ["es", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "es";
export const LOCALE_COOKIE = "locale";

/** Both catalogs: for the server (pages, e-mails, the sheet) and tests, never a client bundle. */
export const catalogs: Record<Locale, Messages> = { es, en };

export function makeTranslate(locale: Locale): Translate {
  return translator(catalogs[locale]);
}

/** The namespaces a part of the site shows, in one language: what a layout sends to the browser. */
export function messagesFor(locale: Locale, namespaces: readonly Namespace[]): MessageSubset {
  return Object.fromEntries(namespaces.map((namespace) => [namespace, catalogs[locale][namespace]])) as MessageSubset;
}

export function isLocale(value: unknown): value is Locale {
  return value === "es" || value === "en";
}
