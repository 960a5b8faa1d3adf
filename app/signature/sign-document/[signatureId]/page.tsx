import { headers } from "next/headers";
import { CompanyBand } from "@/components/layout/company-band";
import { SigningLink } from "@/components/signing/signing-link";
import { getDb } from "@/lib/db/client";
import { clientIp } from "@/lib/http/rate-limit";
import { embeddingFromHeader, SIGNING_EMBEDDING_HEADER } from "@/lib/http/signing-page-framing";
import { findSigningLinkEmbedding } from "@/lib/services/signing/signing-link-embedding";
import { openSigningPage } from "@/lib/services/signing/open-signing-page";
import { orNotFound, pageId } from "../../../(dashboard)/or-not-found";

type Props = { params: Promise<{ signatureId: string }> };

/** The signer's page: no session, the id in the URL is the secret (every view is audited). */
export default async function SignDocumentPage({ params }: Props) {
  const id = pageId((await params).signatureId);
  const requestHeaders = await headers();
  // clientIp reads a Request's headers; the page has the same headers without the Request.
  const ip = clientIp(requestHeaders);
  // Views are counted by proxy.ts (lib/http/signing-page-throttle.ts), which answers 429 past the budget.
  // Who may frame it and hear its events, or where it goes after: proxy.ts read it for the CSP's
  // frame-ancestors and passes it on (read again only if the page was reached without proxy).
  const [{ view, pageSizes, brand }, embedding] = await Promise.all([
    orNotFound(openSigningPage(getDb(), id, { ip })),
    embeddingFromHeader(requestHeaders.get(SIGNING_EMBEDDING_HEADER)) ?? findSigningLinkEmbedding(getDb(), id),
  ]);
  return (
    <>
      {brand ? <CompanyBand brand={brand} /> : null}
      <SigningLink initial={view} pageSizes={pageSizes} embedding={embedding} />
    </>
  );
}
