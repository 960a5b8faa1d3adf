import type { Namespace } from "@/lib/i18n/translator";

/**
 * The catalog's namespaces the signing page's client components show (the form, the reader,
 * pdf.js's fallback, the signers' badges, the API's refusals): all its layout sends to the
 * browser, since most signers open the link on a phone. A test reads those components and fails
 * when one of them uses a namespace missing here (it would show the key instead of the words).
 */
export const SIGNING_PAGE_NAMESPACES = ["common", "errors", "options", "pdf", "signing", "status"] as const satisfies readonly Namespace[];
