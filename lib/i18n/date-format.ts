import type { MessageKey } from "./translate";

/**
 * One format per kind of date, everywhere (pages, e-mails, the signature sheet):
 * - a moment that matters (signed, sealed, verified): the long date, the time and the zone's
 *   name as people in Mexico say it ("5 de noviembre de 2026 a las 02:03 p.m. hora del centro"),
 *   never "GMT-6" nor ICU's "hora estándar central", which reads as a translation;
 * - a row in a list or log: the medium date and the time, in the zone of the page;
 * - a day (folder created): the long date.
 * Pure and browser-safe, so server and browser render the same text.
 */
const localeTag = (locale: string) => (locale === "es" ? "es-MX" : "en-US");

// Making a formatter loads the locale's and the zone's data (tenths of a millisecond each time);
// a seal formats two dates per signer and a page many: one formatter per format, kept. Few
// languages and zones exist, so the memory stays small; bounded anyway.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    if (formatters.size >= 500) formatters.clear();
    formatters.set(key, (format = new Intl.DateTimeFormat(localeTag(locale), options)));
  }
  return format;
}

/**
 * Mexico's zones as people name them in Spanish (the law calls them "Tiempo del Centro", "del
 * Pacífico", "del Noroeste", "del Sureste": Ley del Sistema de Horario en los Estados Unidos
 * Mexicanos, art. 3); the border cities that keep the United States' summer time by their region.
 */
const SPANISH_ZONE_NAMES: Record<string, string> = {
  "America/Mexico_City": "hora del centro",
  "America/Monterrey": "hora del centro",
  "America/Merida": "hora del centro",
  "America/Bahia_Banderas": "hora del centro",
  "America/Chihuahua": "hora del centro",
  "America/Cancun": "hora del sureste",
  "America/Mazatlan": "hora del Pacífico",
  "America/Hermosillo": "hora del Pacífico (Sonora)",
  "America/Tijuana": "hora del noroeste",
  "America/Ciudad_Juarez": "hora de Ciudad Juárez",
  "America/Ojinaga": "hora de la frontera norte",
  "America/Matamoros": "hora de la frontera noreste",
};

export function formatMoment(date: Date | string, locale: string, timeZone: string, options: { seconds?: boolean } = {}): string {
  const spoken = locale === "es" ? SPANISH_ZONE_NAMES[timeZone] : undefined;
  const format = momentFormatter(locale, timeZone, options);
  if (!spoken) return format.format(new Date(date));
  return format
    .formatToParts(new Date(date))
    .map((part) => (part.type === "timeZoneName" ? spoken : part.value))
    .join("");
}

function momentFormatter(locale: string, timeZone: string, options: { seconds?: boolean }) {
  return formatter(locale, {
    // dateStyle cannot be combined with timeZoneName, hence the fields one by one.
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    ...(options.seconds ? { second: "2-digit" } : {}),
    timeZone,
    timeZoneName: "long",
  });
}

export function formatListed(date: Date | string, locale: string, timeZone: string): string {
  return formatter(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(date));
}

export function formatDay(date: Date | string, locale: string, timeZone: string): string {
  return formatter(locale, { dateStyle: "long", timeZone }).format(new Date(date));
}

/** Mexico's zones by the names people use (reminders go out at the folder's local hour), then UTC. */
export const TIME_ZONE_LABELS: ReadonlyArray<readonly [string, MessageKey]> = [
  ["America/Mexico_City", "timeZones.centro"],
  ["America/Cancun", "timeZones.sureste"],
  ["America/Chihuahua", "timeZones.chihuahua"],
  ["America/Mazatlan", "timeZones.pacifico"],
  ["America/Hermosillo", "timeZones.sonora"],
  ["America/Tijuana", "timeZones.noroeste"],
  ["America/Ciudad_Juarez", "timeZones.juarez"],
  ["America/Matamoros", "timeZones.matamoros"],
  ["UTC", "timeZones.utc"],
];

/** A zone's name for people: the label when it is one of ours, else the IANA name. */
export function timeZoneLabel(zone: string, t: (key: MessageKey) => string): string {
  const known = TIME_ZONE_LABELS.find(([z]) => z === zone);
  return known ? t(known[1]) : zone;
}
