import type { MessageKey } from "./translate";

/**
 * One format per kind of date, everywhere (pages, e-mails, the signature sheet):
 * - a moment that matters (signed, sealed, verified): the long date, the time and the zone's
 *   name ("5 de noviembre de 2026 a las 02:03 p.m. hora estándar central"), never "GMT-6";
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

export function formatMoment(date: Date | string, locale: string, timeZone: string, options: { seconds?: boolean } = {}): string {
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
  }).format(new Date(date));
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
