import type { MessageKey, Translate } from "@/lib/i18n/translate";

// A failed attempt is stored as what Node or the guard said ("getaddrinfo ENOTFOUND x"), which
// is for the log; people read what it means, in their language. The first match wins.
const CAUSES: Array<[RegExp, MessageKey]> = [
  [/private or local address/i, "webhooks.errors.privateAddress"],
  [/ENOTFOUND|EAI_AGAIN/, "webhooks.errors.dns"],
  [/ECONNREFUSED/, "webhooks.errors.refused"],
  [/No answer within|ETIMEDOUT|ESOCKETTIMEDOUT/, "webhooks.errors.timeout"],
  [/ECONNRESET|socket hang up|EPIPE/, "webhooks.errors.reset"],
  [/certificate|CERT_|SSL|TLS|self[- ]signed/i, "webhooks.errors.tls"],
  [/EHOSTUNREACH|ENETUNREACH/, "webhooks.errors.unreachable"],
];

/** What an attempt's outcome means: "HTTP 500" as is, a network failure in words. */
export function webhookOutcomeText(statusCode: number | null, error: string | null, t: Translate): string {
  if (statusCode !== null) return `HTTP ${statusCode}`;
  if (!error) return "—";
  const http = /^HTTP (\d{3})$/.exec(error);
  if (http) return error;
  const cause = CAUSES.find(([pattern]) => pattern.test(error));
  return cause ? t(cause[1]) : t("webhooks.errors.other");
}
