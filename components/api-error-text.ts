import type { MessageKey, Translate } from "@/lib/i18n/translate";
import { ApiError } from "./api-request";

// The API answers in English (it is shared with integrations); people read these in their language.
const FIELD_MESSAGES: Array<[RegExp, MessageKey]> = [
  [/^Required/, "errors.required"],
  [/^Must be an e-mail address/, "errors.email"],
  [/^This e-mail is already in the list|^Already given for/, "errors.duplicateEmail"],
  [/^Must be a 10-digit Mexican number/, "errors.phone"],
  [/^Must be an RFC: its four letters/, "errors.rfcInconvenientWord"],
  [/^Must be an RFC/, "errors.rfc"],
  [/^At least one signatory/, "errors.atLeastOneSigner"],
  [/^At least one signature type/, "errors.atLeastOneType"],
  [/^Must be HH:MM/, "errors.time"],
  [/^No Rúbrica account uses this e-mail/, "errors.noAccount"],
  [/^Must be an IANA time zone/, "errors.timeZone"],
  [/^The logo is too large/, "errors.logoTooLarge"],
  [/^Must be Base64/, "errors.logoInvalid"],
  [/cannot be opened without its password/, "errors.pdfEncrypted"],
  [/^The PDF has \d+ pages; this server accepts at most/, "errors.pdfTooManyPages"],
  [/encrypted and already signed/, "errors.pdfEncryptedSigned"],
  [/allows no changes \(DocMDP P=1\)/, "errors.pdfCertifiedNoChanges"],
  [/cannot be read; it may be damaged/, "errors.pdfUnreadable"],
  [/^The PDF has no pages/, "errors.pdfEmpty"],
  [/too large or damaged once decompressed/, "errors.pdfInflatesTooMuch"],
  [/^The document has \d+ page/, "errors.pageMissing"],
  [/^Must be 0 or more|^At least 1 day/, "errors.tooSmall"],
  [/^At most \d+/, "errors.tooBig"],
];

/** One field message from a 422, in the person's language when we know it. */
export function fieldErrorText(t: Translate, message: string): string {
  const known = FIELD_MESSAGES.find(([pattern]) => pattern.test(message));
  return known ? t(known[1]) : message;
}

/** The headline of a failed call: by status, with the details the server gave where useful. */
export function apiErrorText(t: Translate, err: unknown): string {
  if (!(err instanceof ApiError)) return t("common.error");
  const m = err.message;
  switch (err.status) {
    case 0:
      return t("errors.network");
    case 413:
      return t("errors.tooLarge", { mb: m.match(/(\d+) MB/)?.[1] ?? "20" });
    case 415:
      return t("errors.notPdf");
    case 422:
      return t("errors.invalid");
    case 403:
      return t("errors.forbidden");
    case 404:
      return t("errors.notFound");
    case 409: {
      const docs = m.match(/holds (\d+) document/);
      if (docs) return t("errors.folderNotEmpty", { n: docs[1]! });
      if (/cannot be deleted/.test(m)) return t("errors.defaultFolder");
      if (/already a member/.test(m)) return t("errors.alreadyMember");
      if (/can no longer be changed/.test(m)) return t("errors.documentClosed");
      if (/already (signed|rejected)/.test(m)) return t("errors.signerClosed");
      return m;
    }
    default:
      return t("common.error");
  }
}

/** 422 messages whose field no input shows (they would otherwise be lost). */
export function unplacedErrors(errors: Record<string, string[]>, shown: (path: string) => boolean): { path: string; message: string }[] {
  return Object.entries(errors).flatMap(([path, messages]) => (shown(path) ? [] : messages.map((message) => ({ path, message }))));
}
