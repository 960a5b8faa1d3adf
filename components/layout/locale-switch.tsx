import { setLocaleAction } from "@/app/actions/locale";
import type { Locale, Translate } from "@/lib/i18n/translate";

/** Two plain forms: works before hydration and without JavaScript. */
export function LocaleSwitch({ locale, t }: { locale: Locale; t: Translate }) {
  const options: Array<[Locale, string]> = [["es", t("common.spanish")], ["en", t("common.english")]];
  return (
    <div role="group" aria-label={t("common.language")} className="flex items-center gap-1 text-sm">
      {options.map(([value, label]) => (
        <form key={value} action={setLocaleAction}>
          <input type="hidden" name="locale" value={value} />
          <button
            type="submit"
            lang={value}
            aria-pressed={locale === value}
            className={`rounded px-2 py-1 ${locale === value ? "bg-zinc-900 text-white" : "text-zinc-700 hover:bg-zinc-200"}`}
          >
            {label}
          </button>
        </form>
      ))}
    </div>
  );
}
