import { ApiError } from "@/components/api-request";
import type { MessageKey, Translate } from "@/lib/i18n/translate";

/** Where a message is shown on the signing form. */
export type SignField = "type" | "certificate" | "key" | "password" | "autograph" | "form";
export type SignErrors = Partial<Record<SignField, string>>;

type Params = Record<string, string>;

// The API answers in English (integrators read it too); the signer reads these in their language.
// A message we do not know is shown as the server wrote it rather than lost.
const SERVER_MESSAGES: Array<[RegExp, MessageKey, (m: RegExpMatchArray) => Params]> = [
  [/not issued to you for this signature/, "signing.errors.identityCertificate", () => ({})],
  [/verified-identity certificate expired/, "signing.errors.identityExpired", () => ({})],
  [/digital seal certificate \(CSD\)/, "signing.errors.sealCertificate", () => ({})],
  [/not a certificate/, "signing.errors.notACertificate", () => ({})],
  [/trusted for (\w+)/, "signing.errors.untrusted", (m) => ({ type: m[1]! })],
  [/has expired/, "signing.errors.expiredNow", () => ({})],
  [/not valid yet/, "signing.errors.notYetValidNow", () => ({})],
  [/not for signing/, "signing.errors.notForSigning", () => ({})],
  [/revoked/, "signing.errors.revoked", () => ({})],
  [/belongs to RFC (\S+); the document asks for ([^.\s]+)/, "signing.errors.rfcMismatch", (m) => ({ rfc: m[1]!, expected: m[2]! })],
  [/belongs to CURP (\S+); the document asks for ([^.\s]+)/, "signing.errors.curpMismatch", (m) => ({ curp: m[1]!, expected: m[2]! })],
  [/carries no RFC; the document asks for ([^.\s]+)/, "signing.errors.noRfc", (m) => ({ expected: m[1]! })],
  [/carries no CURP; the document asks for ([^.\s]+)/, "signing.errors.noCurp", (m) => ({ expected: m[1]! })],
  [/does not match the certificate|another certificate/, "signing.errors.keyMismatch", () => ({})],
  [/Sign again/, "signing.errors.signAgain", () => ({})],
  [/This document accepts/, "signing.errors.typeNotAccepted", () => ({})],
  [/too large/, "signing.errors.autographTooLarge", () => ({})],
  [/PNG/, "signing.errors.autograph", () => ({})],
];

export function serverFieldText(t: Translate, message: string): string {
  for (const [pattern, key, params] of SERVER_MESSAGES) {
    const match = message.match(pattern);
    if (match) return t(key, params(match));
  }
  return message;
}

// The CMS is made with the key: when the server finds it does not verify, the .key is what to change.
const FIELD_OF: Record<string, SignField> = { certificate: "certificate", signature: "key", type: "type", autograph: "autograph" };

/** A failed sign or reject call as messages by field; `form` holds what belongs to no field. */
export function signErrorsOf(t: Translate, err: unknown): SignErrors {
  if (!(err instanceof ApiError)) return { form: t("common.error") };
  switch (err.status) {
    case 0:
      return { form: t("errors.network") };
    case 422: {
      const errors: SignErrors = {};
      for (const [path, messages] of Object.entries(err.errors)) {
        const field = FIELD_OF[path] ?? "form";
        errors[field] = [errors[field], ...messages.map((m) => serverFieldText(t, m))].filter(Boolean).join(" ");
      }
      return Object.keys(errors).length ? errors : { form: t("errors.invalid") };
    }
    case 409:
      return { form: t("signing.errors.conflict") };
    case 429:
      return { form: t("signing.errors.rateLimited") };
    case 503:
      return { form: t("signing.errors.unavailable") };
    case 404:
      return { form: t("signing.errors.linkGone") };
    default:
      return { form: t("common.error") };
  }
}
