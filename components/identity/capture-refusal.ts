import type { MessageKey, Translate } from "@/lib/i18n/translate";

// The server words a refused capture in Spanish for the person and adds a fixed English sentence
// per cause under the photo's kind; the page shows its own text for that cause, in its language.
// A cause we do not know is shown as the server wrote it rather than lost.
const CAUSES: Array<[RegExp, MessageKey]> = [
  [/^no INE labels found/, "identityForm.refusalFrontNoLabels"],
  [/^no card outline found/, "identityForm.refusalFrontNoCard"],
  [/^card too small/, "identityForm.refusalFrontTooSmall"],
  [/^the card is blurred/, "identityForm.refusalFrontBlurred"],
  [/this is the back$/, "identityForm.refusalBackAsFront"],
  [/^no MRZ read/, "identityForm.refusalBackNoMrz"],
  [/^no face found/, "identityForm.refusalNoFace"],
  [/^more than one face/, "identityForm.refusalManyFaces"],
];

export function captureRefusalText(t: Translate, body: { message?: string; errors?: Record<string, string[]> } | null): string {
  const causes = Object.values(body?.errors ?? {}).flat();
  for (const [pattern, key] of CAUSES) if (causes.some((c) => pattern.test(c))) return t(key);
  return body?.message ?? t("identityForm.genericError");
}
