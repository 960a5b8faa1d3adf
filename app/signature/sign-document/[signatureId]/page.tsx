import { headers } from "next/headers";
import { CompanyBand } from "@/components/layout/company-band";
import { SigningLink } from "@/components/signing/signing-link";
import { getDb } from "@/lib/db/client";
import { clientIp } from "@/lib/http/rate-limit";
import { findSigningLinkEmbedding } from "@/lib/services/signing/signing-link-embedding";
import { findSigningLinkBrand } from "@/lib/services/company-profiles/find-company-profile";
import { signingPageSizes } from "@/lib/services/signing/signing-page-images";
import { viewSigningLink } from "@/lib/services/signing/view-signing-link";
import { orNotFound, pageId } from "../../../(dashboard)/or-not-found";

type Props = { params: Promise<{ signatureId: string }> };

/** The signer's page: no session, the id in the URL is the secret (every view is audited). */
export default async function SignDocumentPage({ params }: Props) {
  const id = pageId((await params).signatureId);
  // clientIp reads a Request's headers; the page has the same headers without the Request.
  const ip = clientIp(new Request("http://page.local", { headers: await headers() }));
  // Views are counted by proxy.ts (lib/http/signing-page-throttle.ts), which answers 429 past the budget.
  const view = await orNotFound(viewSigningLink(getDb(), id, { ip }));
  // The pages' proportions, so the first page's picture comes with the HTML in space of its size;
  // who may frame it and hear its events (the CSP's frame-ancestors, proxy.ts) or where it goes
  // after; and who sends it, as their company (settings' company profile).
  const [pageSizes, embedding, brand] = await Promise.all([signingPageSizes(getDb(), id), findSigningLinkEmbedding(getDb(), id), findSigningLinkBrand(getDb(), id)]);
  return (
    <>
      {brand ? <CompanyBand brand={brand} /> : null}
      <SigningLink initial={view} pageSizes={pageSizes} embedding={embedding} />
    </>
  );
}
