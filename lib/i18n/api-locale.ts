import { DEFAULT_LOCALE, isLocale, type Locale } from "./translate";

/**
 * The language of an API answer's words for people: the locale cookie (the dashboard's and the
 * public pages' fetches carry it), else the first language of Accept-Language that we speak, else
 * Spanish.
 */
export function apiLocale(headers: Headers): Locale {
  const cookie = /(?:^|;\s*)locale=([^;]+)/.exec(headers.get("cookie") ?? "")?.[1];
  if (isLocale(cookie)) return cookie;
  for (const part of (headers.get("accept-language") ?? "").split(",")) {
    const tag = part.split(";")[0]!.trim().slice(0, 2).toLowerCase();
    if (isLocale(tag)) return tag;
  }
  return DEFAULT_LOCALE;
}
