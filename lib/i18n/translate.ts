import es from "@/messages/es.json";
import en from "@/messages/en.json";

export const LOCALES = ["es", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "es";
export const LOCALE_COOKIE = "locale";

export type Messages = typeof es;
export const catalogs: Record<Locale, Messages> = { es, en };

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** t("a.b", { name }) with "{name}" placeholders; a missing key shows itself, never crashes. */
export function makeTranslate(locale: Locale): Translate {
  const messages = catalogs[locale];
  return (key, params) => {
    const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
    const text = typeof value === "string" ? value : key;
    return params ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`)) : text;
  };
}

export function isLocale(value: unknown): value is Locale {
  return value === "es" || value === "en";
}
