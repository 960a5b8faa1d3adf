import type { MessageKey, Translate } from "@/lib/i18n/translate";

/**
 * A code the checks job wrote (a reason, a field, a challenge) in the reader's language: its
 * message when there is one, else the code itself, so a code added later still shows.
 */
export function codeText(t: Translate, prefix: string, code: string): string | null {
  const key = `identityReview.${prefix}_${code}`;
  const text = t(key as MessageKey);
  return text === key ? null : text;
}

/** A failing reason: its sentence, and the code for whoever reads logs or the API. */
export function reasonText(t: Translate, code: string): string {
  return codeText(t, "reason", code) ?? code;
}
