import { env } from "@/lib/env";

/** The signer's personal link: a bearer secret, shown only to the document's owner and the signer. */
export function signingLink(signatoryId: string): string {
  return `${env().APP_URL}/signature/sign-document/${signatoryId}`;
}
