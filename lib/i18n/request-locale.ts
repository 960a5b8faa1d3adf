import { cookies } from "next/headers";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, makeTranslate, type Locale } from "./translate";

/**
 * The page's language: the one the person chose (cookie, also set from their account at
 * sign-in), else Spanish. Spanish first, whatever the browser says.
 */
export async function requestLocale(): Promise<Locale> {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  return isLocale(chosen) ? chosen : DEFAULT_LOCALE;
}

export async function serverTranslate() {
  const locale = await requestLocale();
  return { locale, t: makeTranslate(locale) };
}
